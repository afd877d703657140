import { keepingUnreadable } from './keptUnread.js';
import type { AppEvent } from '../../shared/events.js';
import type { RequestOut } from '../../shared/ipc/table.js';
import type { StoredResult } from '../../shared/result.js';
import { V2Client } from '../api/v2Client.js';
import { extractLocally } from '../engine/localExtract.js';
import type { KeysService } from '../keys/keysService.js';
import { schemaKey } from '../rules/rules.js';
import { checkExtractionSchema } from '../schema/checkExtractionSchema.js';
import type { Workspace } from '../workspace/workspace.js';
import { extractSource } from './extractSource.js';
import { retryAsProgress } from './retryProgress.js';
import type { RunRegistry } from './runRegistry.js';
import { summarizeResult } from './resultSummary.js';

const SYNC_TIMEOUT_MS = 10 * 60_000;

/** The local heuristic extractor on a stored parse result's Markdown; the extraction is stored beside it. */
export async function runLocalExtract(
  workspace: Workspace,
  request: { resultId: string; schema: Record<string, unknown> },
): Promise<StoredResult> {
  checkExtractionSchema(request.schema);
  const { source, markdown } = await extractSource(workspace, request.resultId);
  const response = extractLocally(markdown, request.schema);
  return workspace.saveResult({
    documentId: source.documentId,
    kind: 'extract',
    engine: 'local',
    ...summarizeResult('extract', response, { pageCount: source.pageCount, credits: 0 }),
    sourceResultId: source.id,
    schemaKey: schemaKey(request.schema),
    response,
  });
}

export interface CloudExtractRequest {
  runId: string;
  resultId: string;
  keyId?: string | undefined;
  model?: string | undefined;
  schema: Record<string, unknown>;
}

/** v2 extract on exactly the Markdown of a stored parse result (credits are charged on what is sent). */
export async function runCloudExtract(
  deps: { workspace: Workspace; keys: KeysService; emit: (event: AppEvent) => void },
  request: CloudExtractRequest,
  signal: AbortSignal,
): Promise<StoredResult> {
  checkExtractionSchema(request.schema);
  const { source, markdown } = await extractSource(deps.workspace, request.resultId);
  const client = new V2Client({
    credential: await deps.keys.credentialFor(['v2'], request.keyId),
    retry: retryAsProgress(deps.emit, request.runId, 'Extracting in the cloud'),
  });
  deps.emit({ type: 'progress', taskId: request.runId, done: 0, total: 0, message: 'Extracting in the cloud…' });
  const outcome = await keepingUnreadable(
    deps.workspace,
    { documentId: source.documentId, kind: 'extract', sourceResultId: source.id },
    () =>
      client.extract(
        { schema: request.schema, markdown, ...(request.model ? { model: request.model } : {}) },
        { signal, timeoutMs: SYNC_TIMEOUT_MS },
      ),
  );
  return deps.workspace.saveResult({
    documentId: source.documentId,
    kind: 'extract',
    engine: 'extract',
    ...summarizeResult('extract', outcome.response, { pageCount: source.pageCount, partial: outcome.partial }),
    sourceResultId: source.id,
    schemaKey: schemaKey(request.schema),
    response: outcome.response,
  });
}

/** An extraction as the window asks for one: the local extractor at once, or v2 extract as a run Cancel can stop. */
export function runExtract(
  deps: { workspace: Workspace; keys: KeysService; emit: (event: AppEvent) => void; runs: RunRegistry },
  request: RequestOut<'runs:extract'>,
): Promise<StoredResult> {
  return request.engine === 'local'
    ? runLocalExtract(deps.workspace, request)
    : deps.runs.run(request.runId, (signal) => runCloudExtract(deps, request, signal));
}
