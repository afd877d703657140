import { clipboard, dialog, type BrowserWindow, type MessageBoxOptions } from 'electron';
import { copyThenClear } from '../keys/clipboardClear.js';
import type { MainQuestion, UserInMain } from '../core/userInMain.js';

/** Secrets on the clipboard not yet cleared: cleared at quit if the clipboard still holds them. */
const pending = new Set<{ clearNow(): Promise<void> }>();

/**
 * The user as main asks them in the app: a native message box (Cancel first and the default,
 * so Enter or Escape says no) over our window, and the system clipboard.
 */
export function userInMainWithDialogs(window: () => BrowserWindow | null): UserInMain {
  return {
    confirm: (question) => askInMain(window(), question),
    copySecret: async (secret, clearAfterMs) => {
      const copy = copyThenClear(clipboard, secret, clearAfterMs);
      const entry = {
        clearNow: async () => {
          pending.delete(entry);
          await copy.clearNow();
        },
      };
      pending.add(entry);
      setTimeout(() => pending.delete(entry), clearAfterMs).unref();
    },
  };
}

export async function askInMain(parent: BrowserWindow | null, question: MainQuestion): Promise<boolean> {
  const options: MessageBoxOptions = {
    type: 'warning',
    title: question.title,
    message: question.message,
    detail: question.detail,
    buttons: ['Cancel', question.confirmLabel],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  };
  const { response } =
    parent && !parent.isDestroyed() ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
  return response === 1;
}

/** At quit: a secret copied less than 30 s ago does not outlive the app on the clipboard. */
export function clearCopiedSecrets(): void {
  for (const entry of [...pending]) void entry.clearNow();
}
