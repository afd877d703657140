import { createElement as h, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from '../../../../renderer/components/Field.js';

// The markup the forms wrote by hand: the input inside its label (so the label names it), then
// what is wrong with it, or else a hint.
const input = h('input', { 'data-testid': 'name' });

describe('Field', () => {
  it('is a label holding its text and the input, with no class or title unless given', () => {
    expect(renderToStaticMarkup(h(Field, { label: 'Name', children: input }))).toBe('<label>Name<input data-testid="name"/></label>');
    expect(renderToStaticMarkup(h(Field, { label: 'Key', className: 'inline', title: 'why', children: input }))).toBe(
      '<label class="inline" title="why">Key<input data-testid="name"/></label>',
    );
  });

  it('shows the error instead of the hint, after the input and anything after it', () => {
    const after = h('span', { className: 'mine' }, 'x');
    expect(renderToStaticMarkup(h(Field, { label: 'Name', hint: 'Leave empty.', children: h(Fragment, null, input, after) }))).toBe(
      '<label>Name<input data-testid="name"/><span class="mine">x</span><span class="field-help">Leave empty.</span></label>',
    );
    expect(renderToStaticMarkup(h(Field, { label: 'Name', hint: 'Leave empty.', error: 'Too long', children: input }))).toBe(
      '<label>Name<input data-testid="name"/><span class="field-error">Too long</span></label>',
    );
    expect(renderToStaticMarkup(h(Field, { label: 'Name', error: null, children: input }))).toBe(
      '<label>Name<input data-testid="name"/></label>',
    );
  });
});
