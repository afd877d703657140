import type { ParseOptions, ParseResponse } from '../../shared/contracts/v2Parse.js';
import { AppError } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import type { StoredResult } from '../../shared/workspace.js';
import { passwordFor, type DocumentPasswords } from '../documents/documentPasswords.js';
import { parseLocally } from '../engine/localEngine.js';
import type { Workspace } from '../workspace/workspace.js';
import { summarizeResult } from './resultSummary.js';

/** Runs the offline engine on a workspace document, reporting progress per page, and stores the result. */
export async function runLocalParse(
  deps: { workspace: Workspace; passwords?: DocumentPasswords; emit: (event: AppEvent) => void },
  request: { runId: string; documentId: string; options?: ParseOptions },
  signal: AbortSignal,
): Promise<StoredResult> {
  const document = await deps.workspace.documentInfo(request.documentId);
  if (document.mime !== 'application/pdf') {
    // Files are typed by their content: a PNG saved as "scan.pdf" opened as the image it is.
    const misnamed = /\.pdf$/i.test(document.name) ? ', although its name ends in .pdf' : '';
    throw new AppError({
      code: 'local_engine_needs_pdf',
      message: `"${document.name}" is an image (${document.mime})${misnamed}; the offline engine reads only the text layer of PDFs.`,
      hint: 'Use the cloud parser (engine "parse") for images and scans; add a key on the Keys screen.',
    });
  }
  const password = passwordFor(deps.passwords, document);
  const bytes = await deps.workspace.documentBytes(request.documentId);
  const response: ParseResponse = await parseLocally(bytes, request.options ?? {}, {
    filename: document.name,
    ...(password === undefined ? {} : { password }),
    signal,
    onProgress: (done, total) => deps.emit({ type: 'progress', taskId: request.runId, done, total, message: `Page ${done} of ${total}` }),
  });
  return deps.workspace.saveResult({
    documentId: document.id,
    kind: 'parse',
    engine: 'local',
    ...summarizeResult('parse', response, { credits: 0 }),
    response,
  });
}
