import { AppError } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import type { StoredResult } from '../../shared/workspace.js';
import { AnalyzerClient } from '../api/analyzerClient.js';
import type { AnalyzerInput } from '../api/preflight/analyzerPreflight.js';
import { V2Client } from '../api/v2Client.js';
import type { KeysService } from '../keys/keysService.js';
import type { Workspace } from '../workspace/workspace.js';
import { documentPages } from '../jobs/parsePlan.js';
import { retryAsProgress } from './retryProgress.js';
import { summarizeResult } from './resultSummary.js';

/** A sync call can take minutes on a long document; retries and aborts still apply per attempt. */
const SYNC_TIMEOUT_MS = 15 * 60_000;

interface CloudDeps {
  workspace: Workspace;
  keys: KeysService;
  emit: (event: AppEvent) => void;
}

export interface CloudParseRequest {
  runId: string;
  documentId: string;
  keyId?: string;
  model?: string;
  options?: Record<string, unknown>;
}

/** v2 parse of a workspace document; the answer (200 or 206) is stored verbatim. */
export async function runCloudParse(deps: CloudDeps, request: CloudParseRequest, signal: AbortSignal): Promise<StoredResult> {
  const document = await deps.workspace.documentInfo(request.documentId);
  const bytes = await deps.workspace.documentBytes(document.id);
  const client = new V2Client({ credential: await deps.keys.credentialFor(['v2'], request.keyId), retry: retryAsProgress(deps.emit, request.runId, 'Parsing in the cloud') });
  deps.emit({ type: 'progress', taskId: request.runId, done: 0, total: 0, message: 'Parsing in the cloud…' });
  const outcome = await client.parse(
    { document: { bytes, filename: document.name }, ...(request.model ? { model: request.model } : {}), ...(request.options ? { options: request.options } : {}) },
    { signal, timeoutMs: SYNC_TIMEOUT_MS },
  );
  return deps.workspace.saveResult({
    documentId: document.id,
    kind: 'parse',
    engine: 'parse',
    ...summarizeResult('parse', outcome.response, { partial: outcome.partial }),
    response: outcome.response,
  });
}

export interface AnalyzerRunRequest {
  runId: string;
  documentId: string;
  keyId?: string;
  options?: Omit<AnalyzerInput, 'document'>;
}

/** The older one-call analyzer on a workspace document; per-page errors make the result partial. */
export async function runAnalyzer(deps: CloudDeps, request: AnalyzerRunRequest, signal: AbortSignal): Promise<StoredResult> {
  const document = await deps.workspace.documentInfo(request.documentId);
  const bytes = await deps.workspace.documentBytes(document.id);
  const client = new AnalyzerClient({
    credential: await deps.keys.credentialFor(['analyzer', 'v2'], request.keyId),
    retry: retryAsProgress(deps.emit, request.runId, 'Analyzing in the cloud'),
  });
  deps.emit({ type: 'progress', taskId: request.runId, done: 0, total: 0, message: 'Analyzing in the cloud…' });
  const outcome = await client.analyze({ ...request.options, document: { bytes, filename: document.name } }, { signal, timeoutMs: SYNC_TIMEOUT_MS });
  if (!outcome.response.data) throw new AppError({ code: 'unreadable_result', message: 'The analyzer answered without data.' });
  // The analyzer's metadata is not specified; the pages sent are known here.
  const pagesSent = request.options?.pages?.length ?? (await documentPages(deps.workspace, document.id));
  return deps.workspace.saveResult({
    documentId: document.id,
    kind: 'analyzer',
    engine: 'analyzer',
    ...summarizeResult('analyzer', outcome.response, { pageCount: pagesSent, partial: outcome.pageErrors.length > 0 || outcome.extractionError !== null }),
    response: outcome.response,
  });
}
