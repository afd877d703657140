import { AppError } from '../../../shared/errors.js';
import type { DocumentInfo } from '../../../shared/document.js';
import { requireApi } from '../../ipc/client.js';
import { askPassword, endPasswordPrompt } from './passwordPrompt.js';

/**
 * Passwords of the open session's protected PDFs, for pdf.js in this window (main holds its
 * own for the engine and the services). Memory only: a reload or a restart asks again.
 */
const viewerPasswords = new Map<string, string>();

export function viewerPassword(documentId: string): string | undefined {
  return viewerPasswords.get(documentId);
}

let conversation: Promise<unknown> = Promise.resolve();

/**
 * One password conversation at a time: a second question (a batch reaching a locked file
 * while the reviewer unlocks another) waits for the first to end instead of closing it.
 */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const turn = conversation.then(work, work);
  conversation = turn.catch(() => undefined);
  return turn;
}

/**
 * Asks for the password of `documentName` until `open` accepts it (main answers
 * `wrong_password` for a wrong one, and the dialog says so); null when the user cancels.
 */
function askUntilOpened<T>(documentName: string, open: (password: string) => Promise<T>): Promise<{ value: T; password: string } | null> {
  return oneAtATime(() => conversationAbout(documentName, open));
}

async function conversationAbout<T>(
  documentName: string,
  open: (password: string) => Promise<T>,
): Promise<{ value: T; password: string } | null> {
  let wrong = false;
  try {
    for (;;) {
      const password = await askPassword(documentName, wrong);
      if (password === null) return null;
      try {
        return { value: await open(password), password };
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'wrong_password')) throw error;
        wrong = true;
      }
    }
  } finally {
    endPasswordPrompt();
  }
}

/**
 * Imports a file; a PDF that needs a password (main says `password_required`) gets the
 * password dialog. Null when the user cancels: nothing was stored.
 */
export async function importAsking(name: string, bytes: Uint8Array<ArrayBuffer>): Promise<DocumentInfo | null> {
  const api = requireApi();
  try {
    return await api.documents.import({ name, bytes });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'password_required')) throw error;
  }
  const opened = await askUntilOpened(name, (password) => api.documents.import({ name, bytes, password }));
  if (!opened) return null;
  viewerPasswords.set(opened.value.id, opened.password);
  return opened.value;
}

/** Before a stored document that needs a password is shown: asks for it, unless this window has it. False when cancelled. */
export async function unlockAsking(document: DocumentInfo): Promise<boolean> {
  if (!document.needsPassword || viewerPasswords.has(document.id)) return true;
  const opened = await askUntilOpened(document.name, (password) => requireApi().documents.unlock({ id: document.id, password }));
  if (!opened) return false;
  viewerPasswords.set(document.id, opened.password);
  return true;
}

/**
 * Adds a document from a web address (main downloads it); one that needs a password gets the
 * dialog, and is downloaded again with it. Null when the user cancels: nothing was stored.
 */
export async function importUrlAsking(url: string, keyId: string | undefined): Promise<DocumentInfo | null> {
  const api = requireApi();
  const request = { url, keyId };
  try {
    return await api.documents.importUrl(request);
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'password_required')) throw error;
  }
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || url);
  const opened = await askUntilOpened(name, (password) => api.documents.importUrl({ ...request, password }));
  if (!opened) return null;
  viewerPasswords.set(opened.value.id, opened.password);
  return opened.value;
}
