import { describe, expect, it } from 'vitest';
import { checkExtractInput } from '../../../../../electron/api/preflight/extractPreflight.js';

// v2.extract.request-body: `model` is left out for the default; an empty one is refused before
// sending, as on parse (the service answers it with a 422).
describe('extract preflight', () => {
  const input = { schema: { type: 'object' }, markdown: 'Total: 1' };

  it.each(['', '   '])('refuses the model %j, naming the field', (model) => {
    expect(() => checkExtractInput({ ...input, model })).toThrow(
      expect.objectContaining({ code: 'validation_error', fields: { model: 'The model name is empty.' } }),
    );
  });

  it('sends a named model, and none when it is left out', () => {
    expect(checkExtractInput({ ...input, model: 'extract-latest' }).body.model).toBe('extract-latest');
    expect(checkExtractInput(input).body).not.toHaveProperty('model');
  });
});
