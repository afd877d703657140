import { AppError } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import type { RerunRequest } from '../../shared/jobs.js';
import type { StoredResult } from '../../shared/result.js';
import { withoutUndefined, type ValidatedOptional } from '../../shared/withoutUndefined.js';
import { AnalyzerClient } from '../api/analyzerClient.js';
import type { AnalyzerInput } from '../api/preflight/analyzerPreflight.js';
import type { DocumentFile } from '../api/preflight/documentInput.js';
import { V2Client } from '../api/v2Client.js';
import type { DocumentPasswords } from '../documents/documentPasswords.js';
import { documentForUpload, type DocumentUpload } from '../documents/uploadCopy.js';
import { documentUrlFor } from '../documents/importFromUrl.js';
import type { Credential } from '../api/credential.js';
import type { KeysService } from '../keys/keysService.js';
import type { Workspace } from '../workspace/workspace.js';
import { documentPages } from './parsePlan.js';
import { keepingUnreadable } from './keptUnread.js';
import { mergedRerunResult } from './rerunMerge.js';
import { retryAsProgress } from './retryProgress.js';
import { summarizeResult } from './resultSummary.js';

/** A sync call can take minutes on a long document; retries and aborts still apply per attempt. */
const SYNC_TIMEOUT_MS = 15 * 60_000;

interface CloudDeps {
  workspace: Workspace;
  keys: KeysService;
  /** Passwords of the documents that need one (absent: such a document is refused `password_required`). */
  passwords?: DocumentPasswords;
  emit: (event: AppEvent) => void;
}

/** The document as the service may get it; an encrypted one is decrypted in memory, and the run says so. */
function uploadFor(deps: CloudDeps, runId: string, documentId: string, signal: AbortSignal): Promise<DocumentUpload> {
  return documentForUpload(deps, documentId, {
    signal,
    onDecrypting: () =>
      deps.emit({ type: 'progress', taskId: runId, done: 0, total: 0, message: 'Making a decrypted copy on this computer…' }),
  });
}

/** The run's words while it waits for the service. */
const uploading = (upload: DocumentUpload, work: string) =>
  upload.decrypted ? `${work} a decrypted copy made on this computer…` : `${work} in the cloud…`;

export interface CloudParseRequest {
  runId: string;
  documentId: string;
  keyId?: string | undefined;
  model?: string | undefined;
  options?: Record<string, unknown> | undefined;
  /** Send the document's remembered web address (`document_url`) instead of its bytes. */
  byUrl?: boolean | undefined;
  /** A re-run of a result's failed pages: the answer is stored only merged into that result. */
  rerunOf?: RerunRequest | undefined;
}

/** v2 parse of a workspace document; the answer (200 or 206) is stored verbatim, or (a re-run) merged into its original. */
export async function runCloudParse(deps: CloudDeps, request: CloudParseRequest, signal: AbortSignal): Promise<StoredResult> {
  const credential = await deps.keys.credentialFor(['v2'], request.keyId);
  // The document goes as its bytes, or (`document_url`) as the web address it was added from,
  // checked against this key's service before anything is sent.
  const source = request.byUrl ? await byAddress(deps, request.documentId, credential) : await byUpload(deps, request, signal);
  const client = new V2Client({ credential, retry: retryAsProgress(deps.emit, request.runId, 'Parsing in the cloud') });
  deps.emit({ type: 'progress', taskId: request.runId, done: 0, total: 0, message: source.progress });
  const outcome = await keepingUnreadable(deps.workspace, { documentId: source.documentId, kind: 'parse' }, () =>
    client.parse(
      { ...source.input, ...(request.model ? { model: request.model } : {}), ...(request.options ? { options: request.options } : {}) },
      { signal, timeoutMs: SYNC_TIMEOUT_MS },
    ),
  );
  if (request.rerunOf)
    return deps.workspace.saveResult(
      await mergedRerunResult(deps.workspace, request.rerunOf, outcome.response, { decryptedCopy: source.decrypted }),
    );
  return deps.workspace.saveResult({
    documentId: source.documentId,
    kind: 'parse',
    engine: 'parse',
    ...summarizeResult('parse', outcome.response, { partial: outcome.partial }),
    ...(source.decrypted ? { decryptedCopy: true } : {}),
    response: outcome.response,
  });
}

interface ParseSource {
  input: { document: DocumentFile } | { document_url: string };
  documentId: string;
  progress: string;
  decrypted: boolean;
}

async function byUpload(deps: CloudDeps, request: CloudParseRequest, signal: AbortSignal): Promise<ParseSource> {
  const upload = await uploadFor(deps, request.runId, request.documentId, signal);
  return {
    input: { document: upload.file },
    documentId: upload.document.id,
    progress: uploading(upload, 'Parsing'),
    decrypted: upload.decrypted,
  };
}

async function byAddress(deps: CloudDeps, documentId: string, credential: Credential): Promise<ParseSource> {
  const document = await deps.workspace.documentInfo(documentId);
  return {
    input: { document_url: documentUrlFor(document, credential.address) },
    documentId: document.id,
    progress: 'Parsing from its web address in the cloud…',
    decrypted: false,
  };
}

export interface AnalyzerRunRequest {
  runId: string;
  documentId: string;
  keyId?: string | undefined;
  options?: ValidatedOptional<Omit<AnalyzerInput, 'document'>> | undefined;
}

/** The older analyzer takes analyzer keys only: it answers a v2 key with 401, so none is offered to it. */
async function analyzerCredential(keys: CloudDeps['keys'], keyId: string | undefined) {
  try {
    return await keys.credentialFor(['analyzer'], keyId);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'no_key' && !keyId)) throw error;
    throw new AppError({
      code: 'no_analyzer_key',
      message: 'The older analyzer needs an analyzer key, and there is no enabled one. It refuses v2 parse keys.',
      hint: 'Add an analyzer key on the Keys screen (kind "Older analyzer"), or run the cloud parser (v2 parse) with your v2 key.',
    });
  }
}

/** The older one-call analyzer on a workspace document; per-page errors make the result partial. */
export async function runAnalyzer(deps: CloudDeps, request: AnalyzerRunRequest, signal: AbortSignal): Promise<StoredResult> {
  const credential = await analyzerCredential(deps.keys, request.keyId);
  const upload = await uploadFor(deps, request.runId, request.documentId, signal);
  const { document } = upload;
  const client = new AnalyzerClient({ credential, retry: retryAsProgress(deps.emit, request.runId, 'Analyzing in the cloud') });
  deps.emit({ type: 'progress', taskId: request.runId, done: 0, total: 0, message: uploading(upload, 'Analyzing') });
  const outcome = await keepingUnreadable(deps.workspace, { documentId: document.id, kind: 'analyzer' }, () =>
    client.analyze({ ...withoutUndefined(request.options ?? {}), document: upload.file }, { signal, timeoutMs: SYNC_TIMEOUT_MS }),
  );
  if (!outcome.response.data) throw new AppError({ code: 'unreadable_result', message: 'The analyzer answered without data.' });
  // The analyzer's metadata is not specified; the pages sent are known here.
  const pagesSent = request.options?.pages?.length ?? (await documentPages(deps.workspace, document.id));
  return deps.workspace.saveResult({
    documentId: document.id,
    kind: 'analyzer',
    engine: 'analyzer',
    ...summarizeResult('analyzer', outcome.response, {
      pageCount: pagesSent,
      partial: outcome.pageErrors.length > 0 || outcome.extractionError !== null,
    }),
    ...(upload.decrypted ? { decryptedCopy: true } : {}),
    response: outcome.response,
  });
}
