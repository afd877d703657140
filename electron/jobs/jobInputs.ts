import { AppError } from '../../shared/errors.js';
import type { JobRequest } from '../../shared/jobs.js';
import type { DocumentInfo } from '../../shared/document.js';
import type { JobCreateOutcome, V2Client } from '../api/v2Client.js';
import type { CallOptions } from '../api/serviceCall.js';
import type { DocumentPasswords } from '../documents/documentPasswords.js';
import { documentUrlFor } from '../documents/importFromUrl.js';
import { servicePageCount } from '../api/preflight/servicePageCount.js';
import { sniffDocument } from '../formats/sniff.js';
import { documentForUpload } from '../documents/uploadCopy.js';
import { extractSource } from '../runs/extractSource.js';
import { checkExtractionSchema } from '../schema/checkExtractionSchema.js';
import type { Workspace } from '../workspace/workspace.js';

/**
 * Sends the create request of a job: the document's bytes for parse (a decrypted copy made
 * in memory for an encrypted PDF) or its remembered web address, a parse result's Markdown for extract.
 */
export async function sendCreate(
  deps: { workspace: Workspace; passwords?: DocumentPasswords | undefined },
  client: V2Client,
  request: JobRequest,
  options: CallOptions,
): Promise<JobCreateOutcome> {
  const { workspace } = deps;
  const tier = request.serviceTier ? { service_tier: request.serviceTier } : {};
  const saveUrl = request.outputSaveUrl ? { output_save_url: request.outputSaveUrl } : {};
  const model = request.model ? { model: request.model } : {};
  if (request.service === 'parse' && request.byUrl) {
    const document = await workspace.documentInfo(request.documentId);
    const documentUrl = documentUrlFor(document, client.serviceAddress);
    // The service downloads the address itself: the pages it may count in the copy downloaded here set the
    // output_save_url window (none known: the preflight assumes a long document).
    const pages = request.outputSaveUrl ? await copyPages(workspace, document) : null;
    return client.createParseJob(
      {
        document_url: documentUrl,
        ...(pages !== null ? { pageCount: pages } : {}),
        ...model,
        ...(request.options ? { options: request.options } : {}),
        ...tier,
        ...saveUrl,
      },
      options,
    );
  }
  if (request.service === 'parse') {
    const upload = await documentForUpload(deps, request.documentId, options.signal ? { signal: options.signal } : {});
    return client.createParseJob(
      { document: upload.file, ...model, ...(request.options ? { options: request.options } : {}), ...tier, ...saveUrl },
      options,
    );
  }
  if (!request.sourceResultId || !request.schema) {
    throw new AppError({ code: 'invalid_request', message: 'An extract job needs a parse result and a schema.' });
  }
  checkExtractionSchema(request.schema);
  const { markdown } = await extractSource(workspace, request.sourceResultId);
  // service_tier is a parse-job field only (v2.parse-jobs.service-tier); it is not sent here.
  return client.createExtractJob({ schema: request.schema, markdown, ...model, ...saveUrl }, options);
}

/** The pages the service may count in a document's local copy (see servicePageCount). */
async function copyPages(workspace: Workspace, document: DocumentInfo): Promise<number | null> {
  const bytes = await workspace.documentBytes(document.id);
  const kind = sniffDocument(bytes);
  return kind ? servicePageCount(bytes, kind, document.pageCount) : null;
}
