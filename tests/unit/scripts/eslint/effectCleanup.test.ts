import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
// @ts-expect-error -- a plain ESM module of the lint setup, without types
import { effectReturnsCleanup } from '../../../../scripts/eslint/effectCleanup.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('effect-returns-cleanup', effectReturnsCleanup, {
  valid: [
    'useEffect(() => { el.scrollIntoView(); }, []);',
    'useEffect(() => { const stop = subscribe(); return stop; }, []);',
    'useEffect(() => () => URL.revokeObjectURL(url), [url]);',
    'useLayoutEffect(() => { if (!el) return; return () => observer.disconnect(); });',
    'useEffect(function () { return undefined; });',
    // A return inside a nested function is that function's business.
    'useEffect(() => { list.forEach((x) => { return x.go(); }); }, []);',
    'React.useEffect(() => { return () => stop(); }, []);',
  ],
  invalid: [
    // The Raw Markdown crash: scrollIntoView returns a Promise in current Chromium.
    { code: 'useEffect(() => el.scrollIntoView({ block: "nearest" }), [selection]);', errors: [{ messageId: 'concise' }] },
    { code: 'useEffect(() => { return el.scrollIntoView(); }, []);', errors: [{ messageId: 'value' }] },
    { code: 'useLayoutEffect(() => { if (x) return load(x); }, [x]);', errors: [{ messageId: 'value' }] },
    { code: 'useEffect(async () => { await load(); }, []);', errors: [{ messageId: 'async' }] },
    { code: 'useEffect(run, []);', errors: [{ messageId: 'inline' }] },
    { code: 'React.useInsertionEffect(() => { return x ? a : b; });', errors: [{ messageId: 'value' }] },
  ],
});
