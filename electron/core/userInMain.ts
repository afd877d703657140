/**
 * What only the user can answer, asked by main and never by the window: a yes or no to
 * something that sends or shows a key, and the clipboard a secret is copied to. A script
 * in the window can ask for these, but cannot answer them: in the app they are a native
 * dialog and the system clipboard (electron/shell/), in the preview a desk reachable only
 * with a token the page does not have (electron/preview/userDesk.ts).
 */
export interface MainQuestion {
  /** The dialog's title. */
  title: string;
  /** The question itself, naming the key and the host. */
  message: string;
  /** What saying yes does and why it matters. */
  detail: string;
  /** The label of the yes button; the other button is always "Cancel", the default. */
  confirmLabel: string;
}

export interface UserInMain {
  /** Resolves true only when the user said yes in main's own dialog. */
  confirm(question: MainQuestion): Promise<boolean>;
  /** Puts a secret on the clipboard from main; it is cleared after `clearAfterMs` if the clipboard still holds it. */
  copySecret(secret: string, clearAfterMs: number): Promise<void>;
}

/** How long a copied secret stays on the clipboard. */
export const SECRET_CLIPBOARD_MS = 30_000;

/** Where no shell gave a way to ask the user (tests that do not act as the user): every question is a no, nothing is copied. */
export const NO_USER_IN_MAIN: UserInMain = {
  confirm: async () => false,
  copySecret: async () => {
    throw new Error('No clipboard was given to the services.');
  },
};

/**
 * One question at a time: a second one while the user has a dialog open is a no, so a script
 * asking again and again cannot stack dialogs for a click meant for another to answer.
 */
export function oneQuestionAtATime(user: UserInMain): UserInMain {
  let open = false;
  return {
    confirm: async (question) => {
      if (open) return false;
      open = true;
      try {
        return await user.confirm(question);
      } finally {
        open = false;
      }
    },
    copySecret: (secret, clearAfterMs) => user.copySecret(secret, clearAfterMs),
  };
}
