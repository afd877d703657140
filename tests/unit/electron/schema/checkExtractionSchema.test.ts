import { describe, expect, it } from 'vitest';
import { checkExtractionSchema } from '../../../../electron/schema/checkExtractionSchema.js';

const problemsOf = (schema: Record<string, unknown>) => {
  try {
    checkExtractionSchema(schema);
    return null;
  } catch (error) {
    return (error as { fields: Record<string, string> }).fields;
  }
};

describe('extraction schemas are checked before sending', () => {
  it('accepts an object schema with nested objects and arrays', () => {
    expect(
      problemsOf({
        type: 'object',
        properties: {
          total: { type: 'number', description: 'Total due' },
          vendor: { type: 'object', properties: { name: { type: 'string' } } },
          items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
        },
        required: ['total'],
      }),
    ).toBeNull();
  });

  it.each([
    [{ type: 'object', properties: { total: { type: 'money' } } }, '/properties/total/type'],
    [{ type: 'object', properties: { total: { type: 'number', minimum: 'ten' } } }, '/properties/total/minimum'],
    [{ type: 'array', items: { type: 'string' }, properties: { a: { type: 'string' } } }, '/type'],
    [{ type: 'object' }, '/properties'],
    [{ type: 'object', properties: {} }, '/properties'],
    [{ type: 'object', properties: { a: { $ref: '#/definitions/missing' } } }, '/'],
    [{ type: 'object', properties: { a: { type: 'string' } }, required: 'a' }, '/required'],
  ])('names the problem in %j at %s', (schema, at) => {
    const problems = problemsOf(schema);
    expect(problems).not.toBeNull();
    expect(Object.keys(problems!)).toContain(at);
  });

  it('lists every problem, not just the first', () => {
    const problems = problemsOf({ type: 'object', properties: { a: { type: 'money' }, b: { type: 'number', minimum: 'x' } } });
    expect(Object.keys(problems!).sort()).toEqual(['/properties/a/type', '/properties/b/minimum']);
  });
});
