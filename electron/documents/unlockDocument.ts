import type { DocumentInfo } from '../../shared/document.js';
import { countPdfPagesInWorker } from '../engine/localEngine.js';
import type { Workspace } from '../workspace/workspace.js';
import type { DocumentPasswords } from './documentPasswords.js';

interface Deps {
  workspace: Workspace;
  passwords: DocumentPasswords;
}

/** Imports a file; the password of a PDF that needs one is checked, then held for the session (never stored). */
export async function importDocument(
  deps: Deps,
  request: { name: string; bytes: Uint8Array; password?: string | undefined },
): Promise<DocumentInfo> {
  const info = await deps.workspace.addDocument(request.name, request.bytes, request.password);
  if (info.needsPassword && request.password !== undefined) deps.passwords.remember(info.id, request.password);
  return info;
}

/**
 * The password of a stored document that needs one, given again (after a restart, or in a
 * window that never had it): checked by opening the document in the engine worker, then
 * held for the session. `wrong_password` when it does not open it.
 */
export async function unlockDocument(deps: Deps, request: { id: string; password: string }): Promise<DocumentInfo> {
  const info = await deps.workspace.documentInfo(request.id);
  if (!info.needsPassword) return info;
  await countPdfPagesInWorker(await deps.workspace.documentBytes(info.id), info.name, { password: request.password });
  deps.passwords.remember(info.id, request.password);
  return info;
}
