import type { DocumentInfo } from '../../shared/document.js';
import { documentErrors } from '../formats/documentErrors.js';

/**
 * The passwords of the PDFs that need one, by document id, for this session only: main
 * holds them because main makes every call that opens the document (the engine, a decrypted
 * copy for a service). Never written anywhere, never logged, never answered over IPC. A
 * restart forgets them, and the renderer asks again when a document needs one. They are not
 * put on the logger's redaction list: a password like "info" or "2024", replaced wherever it
 * occurs in the log, would be read back from the gaps.
 */
export class DocumentPasswords {
  private readonly passwords = new Map<string, string>();

  remember(documentId: string, password: string): void {
    this.passwords.set(documentId, password);
  }

  get(documentId: string): string | undefined {
    return this.passwords.get(documentId);
  }
}

/**
 * What opens `document`: nothing for one that needs no password, else the password held for
 * it this session, or `password_required` (a restart forgot it, or none was ever given here).
 */
export function passwordFor(
  passwords: DocumentPasswords | undefined,
  document: Pick<DocumentInfo, 'id' | 'name' | 'needsPassword'>,
): string | undefined {
  if (!document.needsPassword) return undefined;
  const password = passwords?.get(document.id);
  if (password === undefined) throw documentErrors.passwordRequired(document.name);
  return password;
}
