/**
 * Whether two stored results can be compared: two runs of the same document, both parse
 * results (an analyzer result reads as one) or both extractions. Anything else is refused
 * with its reason, before anything is fetched.
 */
import { AppError } from '../errors.js';
import type { ResultInfo } from '../result.js';

/** What a comparison compares: the blocks of two parse results, or the fields of two extractions. */
export type CompareKind = 'parse' | 'extract';

export function compareKindOf(result: Pick<ResultInfo, 'kind'>): CompareKind {
  return result.kind === 'extract' ? 'extract' : 'parse';
}

const kindWords: Record<CompareKind, string> = { parse: 'a parse result', extract: 'an extraction' };

/**
 * The kind both results share; throws `compare_same_result`, `compare_different_documents`
 * or `compare_kinds_differ`. `names` gives the documents' names for the message, where known.
 */
export function checkComparable(
  a: Pick<ResultInfo, 'id' | 'documentId' | 'kind'>,
  b: Pick<ResultInfo, 'id' | 'documentId' | 'kind'>,
  names: (documentId: string) => string | undefined = () => undefined,
): CompareKind {
  if (a.id === b.id) {
    throw new AppError({
      code: 'compare_same_result',
      message: 'Both sides are the same result: there is nothing to compare.',
      hint: 'Pick another run of this document (another engine, model or extraction).',
    });
  }
  if (a.documentId !== b.documentId) {
    const nameA = names(a.documentId);
    const nameB = names(b.documentId);
    throw new AppError({
      code: 'compare_different_documents',
      message:
        nameA && nameB
          ? `These results are of two different documents (“${nameA}” and “${nameB}”): only two runs of one document can be compared.`
          : 'These results are of two different documents: only two runs of one document can be compared.',
      hint: 'Pick two results listed under the same document.',
    });
  }
  const kindA = compareKindOf(a);
  const kindB = compareKindOf(b);
  if (kindA !== kindB) {
    throw new AppError({
      code: 'compare_kinds_differ',
      message: `A parse result and an extraction cannot be compared: one side is ${kindWords[kindA]}, the other ${kindWords[kindB]}.`,
      hint: 'Compare two parse results (blocks), or two extractions (fields).',
    });
  }
  return kindA;
}
