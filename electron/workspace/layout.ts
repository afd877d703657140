import { join } from 'node:path';
import { WORKSPACE_ID } from '../../shared/ipc/ids.js';

/**
 * The workspace folder's layout: the one place its folders, and the files more than one module
 * reaches, are named (docs/architecture.md, "The workspace on disk", says what each holds). A
 * store's own file inside its folder (the search index, a trash manifest) is named by that
 * store. Ids in paths are workspace ids, checked by whoever builds the path.
 */
export const FOLDERS = {
  documents: 'documents',
  results: 'results',
  models: 'models',
  reviews: 'reviews',
  audit: 'audit',
  queues: 'queues',
  rules: 'rules',
  jobs: 'jobs',
  jobIntents: 'job-intents',
  batches: 'batches',
  search: 'search',
  trash: 'trash',
  quarantine: 'quarantine',
} as const;
export type WorkspaceFolder = keyof typeof FOLDERS;

/** `documents/<id>/document.json`: what lists a document, beside `original`, its bytes as opened. */
export const DOCUMENT_INFO_SUFFIX = '/document.json';
export const DOCUMENT_BYTES_FILE = 'original';
/** `results/<id>.info.json`: what lists a result; `results/<id>.json` its response, verbatim. */
export const RESULT_SUMMARY_SUFFIX = '.info.json';
const RESPONSE_SUFFIX = '.json';
/** `reviews/<id>.json`, `queues/<id>.json`, `rules/<key>.json`. */
export const ENTRY_SUFFIX = '.json';
/** Two JSON lines, a header and the body: not one JSON document, so not named `.json`. */
export const CATALOG_FILE = 'catalog.jsonl';
/** Where builds before the header line kept the catalog; removed when the catalog is first read. */
export const LEGACY_CATALOG_FILE = 'catalog.json';

export function folderIn(root: string, folder: WorkspaceFolder): string {
  return join(root, FOLDERS[folder]);
}

/** Where a document's audit trail lives: `audit/<document id>.jsonl`, appended by the audit log, kept when the document leaves the trash for good. */
export function auditFile(root: string, documentId: string): string {
  return join(folderIn(root, 'audit'), `${documentId}.jsonl`);
}

/** The trail of rule saves and set-asides of every schema: `audit/rules.jsonl` (no document's: their ids are 32 hex digits). */
export function rulesAuditFile(root: string): string {
  return join(folderIn(root, 'audit'), 'rules.jsonl');
}

/** A result's response as the service sent it. */
export function responseFile(root: string, resultId: string): string {
  return join(root, trashable.response(resultId));
}

/** What the trash moves, relative to the root, as its manifests name it. */
export const trashable = {
  document: (id: string) => `${FOLDERS.documents}/${id}`,
  response: (id: string) => `${FOLDERS.results}/${id}${RESPONSE_SUFFIX}`,
  summary: (id: string) => `${FOLDERS.results}/${id}${RESULT_SUMMARY_SUFFIX}`,
  review: (id: string) => `${FOLDERS.reviews}/${id}${ENTRY_SUFFIX}`,
};

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The only paths a trash manifest may name: those above, so never one outside the workspace. */
export const TRASHABLE_PATH = new RegExp(
  `^(${Object.values(trashable)
    .map((path) => escaped(path('\u0000')).replace('\u0000', () => WORKSPACE_ID))
    .join('|')})$`,
);
