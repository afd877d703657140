import { create } from 'zustand';

/** What the password dialog asks: the file's name, and whether the last password failed. */
export interface PasswordQuestion {
  documentName: string;
  wrong: boolean;
  /** An answer is being checked (the dialog stays, its buttons wait). */
  checking: boolean;
}

interface PasswordPromptState {
  question: PasswordQuestion | null;
  /** The dialog's answer: a password, or null for Cancel. */
  answer(password: string | null): void;
}

let pending: ((password: string | null) => void) | null = null;

/**
 * The one password question on screen. The password itself never enters this store (or any
 * other): it goes from the dialog's input straight to whoever asked.
 */
export const usePasswordPrompt = create<PasswordPromptState>((set, get) => ({
  question: null,
  answer(password) {
    const resolve = pending;
    pending = null;
    const question = get().question;
    set({ question: password === null || !question ? null : { ...question, checking: true } });
    resolve?.(password);
  },
}));

/** Shows the question (or asks again, saying the last password was wrong); resolves with the answer, null on Cancel. */
export function askPassword(documentName: string, wrong: boolean): Promise<string | null> {
  pending?.(null);
  return new Promise((resolve) => {
    pending = resolve;
    usePasswordPrompt.setState({ question: { documentName, wrong, checking: false } });
  });
}

/** Closes the dialog once its answer has been dealt with. */
export function endPasswordPrompt(): void {
  pending?.(null);
  pending = null;
  usePasswordPrompt.setState({ question: null });
}
