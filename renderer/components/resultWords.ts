// How a result describes itself to the reviewer, the same in the library, the status bar and Compare.
import type { ResultInfo, RerunOrigin } from '../../shared/result.js';

/** "pages 2, 5 re-run": what a merged result says about itself. */
export function rerunLabel(rerun: RerunOrigin): string {
  return `page${rerun.pages.length === 1 ? '' : 's'} ${rerun.pages.join(', ')} re-run`;
}

/** Credits as a user should read them: the local engine is free; a cloud result whose bill is unknown says so, never 0. */
export function creditsLabel(result: Pick<ResultInfo, 'engine' | 'credits'>): string {
  if (result.credits !== null) return String(result.credits);
  return result.engine === 'local' ? '0' : '?';
}

/** What a result made from an encrypted document says about what was uploaded. */
export const DECRYPTED_COPY_NOTE = 'uploaded a decrypted copy made on this computer';

/**
 * A result as the reviewer reads it, the same in the library and the status bar: what made it,
 * and its model, pages and credits — saying "not reported" where the service did not say.
 */
export function describeResult(
  result: Pick<ResultInfo, 'kind' | 'engine' | 'modelVersion' | 'pageCount' | 'credits' | 'partial' | 'decryptedCopy' | 'rerun'>,
): string {
  const pages = result.pageCount === null ? 'pages not reported' : `${result.pageCount} page${result.pageCount === 1 ? '' : 's'}`;
  const credits = creditsLabel(result);
  return [
    result.kind === result.engine ? result.kind : `${result.kind} · ${result.engine}`,
    result.modelVersion ?? 'version not reported',
    pages,
    credits === '?' ? 'credits not reported' : `${credits} credit${credits === '1' ? '' : 's'}`,
    ...(result.partial ? ['partial'] : []),
    ...(result.rerun ? [rerunLabel(result.rerun)] : []),
    ...(result.decryptedCopy ? [DECRYPTED_COPY_NOTE] : []),
  ].join(' · ');
}
