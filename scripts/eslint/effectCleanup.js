/**
 * groundwork/effect-returns-cleanup: a React effect returns a cleanup function or nothing.
 * React calls whatever an effect returns as its cleanup. A DOM method typed `void` may return
 * a Promise at run time (`scrollIntoView` in current Chromium), so `useEffect(() =>
 * el.scrollIntoView())` type-checks and then crashes the window with "… is not a function"
 * on the next render. This rule allows only: no return value, a function written in place,
 * or a variable (holding a cleanup), and no async effects.
 */
const EFFECT_HOOKS = new Set(['useEffect', 'useLayoutEffect', 'useInsertionEffect']);

const hookName = (callee) =>
  callee.type === 'Identifier' ? callee.name : callee.type === 'MemberExpression' && !callee.computed ? callee.property.name : null;
const isFunction = (node) => node?.type === 'ArrowFunctionExpression' || node?.type === 'FunctionExpression';

export const effectReturnsCleanup = {
  meta: {
    type: 'problem',
    docs: { description: 'A React effect returns a cleanup function or nothing, never the value of a call.' },
    messages: {
      inline: 'Pass the effect as a function written in place, so what it returns can be checked.',
      async: 'An effect cannot be async: React would call the Promise it returns as a cleanup. Start the async work inside it.',
      concise:
        'An arrow effect with an expression body returns that expression (a Promise, for some DOM calls typed void). Use a block body.',
      value: 'An effect returns a cleanup function or nothing. Return `() => …`, a variable holding a cleanup, or nothing.',
    },
    schema: [],
  },
  create(context) {
    const effects = [];
    return {
      CallExpression(node) {
        if (!EFFECT_HOOKS.has(hookName(node.callee))) return;
        const effect = node.arguments[0];
        if (!effect) return;
        if (!isFunction(effect)) return context.report({ node: effect, messageId: 'inline' });
        if (effect.async) return context.report({ node: effect, messageId: 'async' });
        if (effect.body.type !== 'BlockStatement' && !isFunction(effect.body)) context.report({ node: effect.body, messageId: 'concise' });
        effects.push(effect);
      },
      ReturnStatement(node) {
        const owner = context.sourceCode.getAncestors(node).reverse().find(isFunction);
        if (!owner || !effects.includes(owner)) return;
        const value = node.argument;
        if (value === null || isFunction(value) || value.type === 'Identifier') return;
        context.report({ node: value, messageId: 'value' });
      },
    };
  },
};
