import { AppError } from '../../shared/errors.js';
import type { DocumentInfo } from '../../shared/document.js';
import { MAX_DOCUMENT_BYTES } from '../../shared/ipc/documents.js';
import { loopbackOrigin, urlProblem } from '../api/guardedFetch.js';
import { networkLimits } from '../api/networkLimits.js';
import type { KeysService } from '../keys/keysService.js';
import type { Workspace } from '../workspace/workspace.js';
import type { DocumentPasswords } from './documentPasswords.js';
import { downloadDocument } from './documentFromUrl.js';
import { importDocument } from './unlockDocument.js';

interface Deps {
  workspace: Workspace;
  passwords: DocumentPasswords;
  keys: Pick<KeysService, 'credentialFor'>;
}

export interface UrlImportRequest {
  url: string;
  /** The v2 key the document will be parsed with (default: the first enabled v2 key). */
  keyId?: string | undefined;
  password?: string | undefined;
}

/**
 * Adds a document from a web address: downloaded (to show its pages and boxes), stored like
 * an opened file, and its address remembered so a cloud parse can send `document_url`. The
 * address must be one the service could fetch: public https, or, when the v2 key in use
 * points at this computer (the emulator), an address at that key's own origin.
 */
export async function importDocumentFromUrl(
  deps: Deps,
  request: UrlImportRequest,
  options: { lookup?: (host: string) => Promise<string[]> } = {},
): Promise<DocumentInfo> {
  const url = request.url.trim();
  const downloaded = await downloadDocument(url, {
    localOrigin: await serviceLoopbackOrigin(deps.keys, request.keyId),
    // Held in memory whole, as a file opened from disk is: the smaller of the import and response caps.
    maxBytes: Math.min(MAX_DOCUMENT_BYTES, networkLimits().maxResponseBytes),
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  const info = await importDocument(deps, { name: downloaded.name, bytes: downloaded.bytes, password: request.password });
  return deps.workspace.setDocumentSource(info.id, url);
}

async function serviceLoopbackOrigin(keys: Deps['keys'], keyId: string | undefined): Promise<string | null> {
  try {
    return loopbackOrigin((await keys.credentialFor(['v2'], keyId)).address);
  } catch {
    // No v2 key: the document can still be viewed and parsed offline, from a public address.
    return null;
  }
}

/**
 * The address to send as `document_url` for a stored document: the one it was added from.
 * Refused before anything is sent when there is none, when the PDF is encrypted (the
 * service cannot open it, and only an upload can carry the copy decrypted here), or when
 * it is plain http or on this computer and not at the run's service's own origin
 * (`serviceAddress`): an address accepted under the emulator's key is not sent to a service
 * elsewhere, nor one at another port of this computer.
 */
export function documentUrlFor(info: DocumentInfo, serviceAddress: string): string {
  if (!info.sourceUrl) {
    throw new AppError({
      code: 'no_document_url',
      message: `"${info.name}" was opened from a file, so there is no web address to send.`,
      hint: 'Turn off "Send its web address" to upload it, or add the document with "Add from URL". Nothing was sent.',
    });
  }
  if (info.encrypted) {
    throw new AppError({
      code: 'encrypted_document_url',
      message: `"${info.name}" is an encrypted PDF: the service cannot open it from its address.`,
      hint: 'Turn off "Send its web address": the upload then carries a copy decrypted on this computer. Nothing was sent.',
    });
  }
  const source = new URL(info.sourceUrl);
  const problem = urlProblem(source, source.origin === loopbackOrigin(serviceAddress));
  if (problem) {
    throw new AppError({
      code: 'document_url_not_for_key',
      message: `The web address of "${info.name}" was not sent to ${new URL(serviceAddress).host}: ${problem}.`,
      hint: 'Parse it with the v2 key it was added under (the emulator), or turn off "Send its web address" to upload it. Nothing was sent.',
    });
  }
  return info.sourceUrl;
}
