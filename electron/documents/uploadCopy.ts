import type { DocumentInfo } from '../../shared/document.js';
import type { DocumentFile } from '../api/preflight/documentInput.js';
import { decryptInWorker } from '../engine/localEngine.js';
import type { Workspace } from '../workspace/workspace.js';
import { passwordFor, type DocumentPasswords } from './documentPasswords.js';

export interface DocumentUpload {
  document: DocumentInfo;
  /** What goes to the service: the stored bytes, or a decrypted copy made in memory. */
  file: DocumentFile;
  /** True when `file` is a decrypted copy (the result says so). */
  decrypted: boolean;
}

/**
 * A workspace document as a service may receive it. The services refuse encrypted PDFs, so
 * an encrypted one is decrypted here, in memory (in the engine worker, with its password
 * when it needs one); the copy is never written to disk. `onDecrypting` hears when that
 * happens, so a run can say so while it waits.
 */
export async function documentForUpload(
  deps: { workspace: Workspace; passwords?: DocumentPasswords | undefined },
  documentId: string,
  options: { signal?: AbortSignal; onDecrypting?: () => void } = {},
): Promise<DocumentUpload> {
  const document = await deps.workspace.documentInfo(documentId);
  const bytes = await deps.workspace.documentBytes(document.id);
  // `encrypted` is set at import, and versions before it refused encrypted files, so it is the
  // one answer (the JobOutputStore reads it too when a job's result comes); the preflight still
  // refuses encrypted bytes should one ever get past it.
  if (document.mime !== 'application/pdf' || !document.encrypted) {
    return { document, file: { bytes, filename: document.name, pageCount: document.pageCount }, decrypted: false };
  }
  const password = passwordFor(deps.passwords, document);
  options.onDecrypting?.();
  const copy = await decryptInWorker(bytes, document.name, {
    ...(password === undefined ? {} : { password }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { document, file: { bytes: copy.bytes, filename: document.name, pageCount: document.pageCount }, decrypted: true };
}
