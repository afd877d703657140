import type { ParseOptions, ParseResponse } from '../../shared/contracts/v2Parse.js';
import type { AppEvent } from '../../shared/events.js';
import type { StoredResult } from '../../shared/result.js';
import { passwordFor, type DocumentPasswords } from '../documents/documentPasswords.js';
import { parseLocally } from '../engine/localEngine.js';
import type { Workspace } from '../workspace/workspace.js';
import { summarizeResult } from './resultSummary.js';

/** Runs the offline engine on a workspace document, reporting progress per page, and stores the result. */
export async function runLocalParse(
  deps: { workspace: Workspace; passwords?: DocumentPasswords; emit: (event: AppEvent) => void },
  request: { runId: string; documentId: string; options?: ParseOptions | undefined },
  signal: AbortSignal,
): Promise<StoredResult> {
  const document = await deps.workspace.documentInfo(request.documentId);
  const password = passwordFor(deps.passwords, document);
  const bytes = await deps.workspace.documentBytes(request.documentId);
  // Images and scanned pages are read by OCR; the text layer of every other page as it is.
  let progress = { done: 0, total: request.options?.pages?.length ?? document.pageCount ?? 0 };
  const emit = (message: string) => deps.emit({ type: 'progress', taskId: request.runId, ...progress, message });
  const response: ParseResponse = await parseLocally(bytes, request.options ?? {}, {
    filename: document.name,
    ...(password === undefined ? {} : { password }),
    signal,
    onProgress: (done, total) => {
      progress = { done, total };
      emit(`Page ${done} of ${total}`);
    },
    onOcrProgress: (page, fraction) => emit(`Reading page ${page} by OCR… ${Math.round(fraction * 100)} %`),
  });
  return deps.workspace.saveResult({
    documentId: document.id,
    kind: 'parse',
    engine: 'local',
    ...summarizeResult('parse', response, { credits: 0 }),
    response,
  });
}
