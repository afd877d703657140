import { describe, expect, it } from 'vitest';
import { checkComparable } from '../../../../shared/compare/comparable.js';
import { AppError } from '../../../../shared/errors.js';

const result = (id: string, documentId: string, kind: 'parse' | 'extract' | 'analyzer') => ({ id, documentId, kind });
const refusal = (work: () => unknown): AppError => {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return error;
  }
  throw new Error('not refused');
};

describe('what can be compared', () => {
  it('two parse results of one document (an analyzer result reads as one), or two extractions', () => {
    expect(checkComparable(result('r1', 'd1', 'parse'), result('r2', 'd1', 'analyzer'))).toBe('parse');
    expect(checkComparable(result('r1', 'd1', 'extract'), result('r2', 'd1', 'extract'))).toBe('extract');
  });

  it('refuses results of two different documents, naming them, with what to do', () => {
    const names = (id: string) => ({ d1: 'invoice.pdf', d2: 'report.pdf' })[id];
    const error = refusal(() => checkComparable(result('r1', 'd1', 'parse'), result('r2', 'd2', 'parse'), names));
    expect(error.code).toBe('compare_different_documents');
    expect(error.message).toContain('“invoice.pdf” and “report.pdf”');
    expect(error.hint).toBe('Pick two results listed under the same document.');
  });

  it('refuses a parse result against an extraction, and a result against itself', () => {
    const mixed = refusal(() => checkComparable(result('r1', 'd1', 'parse'), result('r2', 'd1', 'extract')));
    expect(mixed.code).toBe('compare_kinds_differ');
    expect(mixed.message).toContain('one side is a parse result, the other an extraction');
    expect(refusal(() => checkComparable(result('r1', 'd1', 'parse'), result('r1', 'd1', 'parse'))).code).toBe('compare_same_result');
  });
});
