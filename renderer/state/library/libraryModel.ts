/**
 * What the library shows, worked out from the workspace listing: results grouped per
 * engine with the history folded, the filter, the confirmations' wording, document news.
 * Plain functions, so they are tested without a window.
 */
import { endedWithoutResult } from '../../../shared/contracts/v2Jobs.js';
import type { JobRecord } from '../../../shared/jobs.js';
import { type DocumentInfo } from '../../../shared/document.js';
import { libraryOrder, TRASH_DAYS, trashExpiresAt, type LibraryEntry, type TrashEntry } from '../../../shared/library.js';
import { type ResultInfo } from '../../../shared/result.js';

/** The results one engine made of one kind (e.g. every local parse): the latest first, then the earlier ones. */
export interface ResultGroup {
  key: string;
  latest: ResultInfo;
  earlier: ResultInfo[];
}

/** Groups a document's results (newest first, as listed) per kind and engine; the group with the newest result first. */
export function groupResults(results: ResultInfo[]): ResultGroup[] {
  const groups = new Map<string, ResultInfo[]>();
  for (const result of [...results].sort((a, b) => b.createdAt.localeCompare(a.createdAt))) {
    const key = `${result.kind}·${result.engine}`;
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  return [...groups].map(([key, [latest, ...earlier]]) => ({ key, latest: latest!, earlier }));
}

/** A first guess of an entry's height in px (name and facts, a row per engine, a fold), until it is measured. */
export function entryHeightGuess(entry: LibraryEntry): number {
  const groups = new Set(entry.results.map((r) => `${r.kind}·${r.engine}`)).size;
  const folds = groups < entry.results.length ? Math.min(groups, entry.results.length - groups) : 0;
  return 48 + groups * 18 + folds * 15;
}

/**
 * The library after a change to some documents: their entries replaced by `fresh`, main's
 * listing of just those documents (one it did not list is gone), each in the library's order.
 * What a full listing would give, without sending thousands of entries for one change.
 */
export function mergeEntries(library: LibraryEntry[], documentIds: ReadonlySet<string>, fresh: LibraryEntry[]): LibraryEntry[] {
  const merged = library.filter((e) => !documentIds.has(e.document.id));
  for (const entry of fresh) {
    let low = 0;
    let high = merged.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (libraryOrder(merged[middle]!, entry) <= 0) low = middle + 1;
      else high = middle;
    }
    merged.splice(low, 0, entry);
  }
  return merged;
}

/** Lower case without accents, so "resume" finds "Résumé.pdf". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function filterLibrary(library: LibraryEntry[], filter: string): LibraryEntry[] {
  const wanted = folded(filter.trim());
  return wanted ? library.filter((e) => folded(e.document.name).includes(wanted)) : library;
}

/** "PDF · 4 pages", "PNG · 1 page"; the page count left out when it is not known. */
export function documentFacts(document: Pick<DocumentInfo, 'mime' | 'pageCount' | 'needsPassword'>): string {
  const kind = document.mime === 'application/pdf' ? 'PDF' : document.mime.replace('image/', '').toUpperCase();
  const facts = document.pageCount === null ? kind : `${kind} · ${plural(document.pageCount, 'page')}`;
  return document.needsPassword ? `${facts} · password` : facts;
}

export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

const RESTORABLE = `restorable for ${TRASH_DAYS} days`;

export function documentDeleteMessage(entry: LibraryEntry, runUnderWay = false): string {
  const { name } = entry.document;
  const count = entry.results.length;
  const trash =
    count === 0
      ? `${name} goes to the trash; ${RESTORABLE}.`
      : `${name} and its ${plural(count, 'result')} go to the trash; ${RESTORABLE}.`;
  // A direct cloud call's answer lives only in that call: it has no document to be stored with.
  return runUnderWay
    ? `${trash} A run is under way on it: deleting cancels the run, and its result is not kept (a cloud service may still charge for it).`
    : trash;
}

/** The extractions made from a parse result: they go to the trash with it. */
export function extractionsOf(result: ResultInfo, results: ResultInfo[]): ResultInfo[] {
  return results.filter((r) => r.sourceResultId === result.id);
}

export function resultDeleteMessage(result: ResultInfo, results: ResultInfo[]): string {
  const extractions = extractionsOf(result, results).length;
  const what = `This ${result.kind} result (${result.engine}, ${new Date(result.createdAt).toLocaleString()})`;
  return extractions === 0
    ? `${what} goes to the trash; ${RESTORABLE}.`
    : `${what} and its ${plural(extractions, 'extraction')} go to the trash; ${RESTORABLE}.`;
}

/** What a trash entry holds, in a few words. */
export function trashContents(entry: TrashEntry): string {
  if (entry.what === 'document') return entry.results.length === 0 ? 'document' : `document and ${plural(entry.results.length, 'result')}`;
  const [result, ...extractions] = entry.results;
  const head = result ? `${result.kind} · ${result.engine} result` : 'result';
  return extractions.length === 0 ? head : `${head} and ${plural(extractions.length, 'extraction')}`;
}

export function daysLeft(entry: Pick<TrashEntry, 'trashedAt'>, now = Date.now()): number {
  return Math.max(0, Math.ceil((trashExpiresAt(entry).getTime() - now) / (24 * 60 * 60 * 1000)));
}

/** Per document, per job, what a job finished with while another document was open. */
export type DocumentNews = Record<string, Record<string, 'result' | 'failed'>>;

/** A job on a document that is not the open one that stored a result or failed is news for that document. */
export function withJobNews(news: DocumentNews, job: JobRecord, openDocumentId: string | null): DocumentNews {
  const outcome = job.resultId !== null ? 'result' : endedWithoutResult(job.status) || job.problem !== null ? 'failed' : null;
  return outcome ? withNews(news, job.documentId, job.jobId, outcome, openDocumentId) : news;
}

/** News `key` (a job or run) on `documentId`, unless that document is the open one or it is already known. */
export function withNews(
  news: DocumentNews,
  documentId: string,
  key: string,
  outcome: 'result' | 'failed',
  openDocumentId: string | null,
): DocumentNews {
  if (documentId === openDocumentId || news[documentId]?.[key] === outcome) return news;
  return { ...news, [documentId]: { ...news[documentId], [key]: outcome } };
}

/** The badge of a document's news: how many jobs, and whether any failed. */
export function newsBadge(news: DocumentNews, documentId: string): { count: number; failed: boolean } | null {
  const outcomes = Object.values(news[documentId] ?? {});
  return outcomes.length === 0 ? null : { count: outcomes.length, failed: outcomes.includes('failed') };
}
