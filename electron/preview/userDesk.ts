import { randomBytes } from 'node:crypto';
import { copyThenClear, type TextClipboard } from '../keys/clipboardClear.js';
import type { MainQuestion, UserInMain } from '../core/userInMain.js';

/** A question waiting for the user at the preview's desk. */
export interface DeskQuestion extends MainQuestion {
  id: string;
  askedAt: string;
}

export interface UserDeskOptions {
  /** Told of each new question (the preview prints it on its own stdout). */
  announce?: (question: DeskQuestion) => void;
  /** A question nobody answers is a no after this long (default 5 minutes). */
  answerWithinMs?: number;
}

/**
 * The preview's stand-in for main's native dialogs and the system clipboard. Questions wait
 * here until answered through the desk's own routes (userDeskRoutes.ts), which take a token
 * the page is never given, so a script in the page can ask but never answer; the clipboard
 * is this process's, read through the same routes. Never packaged.
 */
export class UserDesk implements UserInMain {
  private readonly waiting = new Map<string, { question: DeskQuestion; answer(yes: boolean): void }>();
  private text = '';
  private readonly clipboard: TextClipboard = {
    readText: () => this.text,
    writeText: (text) => void (this.text = text),
    clear: () => void (this.text = ''),
  };

  constructor(private readonly options: UserDeskOptions = {}) {}

  confirm(question: MainQuestion): Promise<boolean> {
    const asked: DeskQuestion = { ...question, id: randomBytes(8).toString('hex'), askedAt: new Date().toISOString() };
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => settle(false), this.options.answerWithinMs ?? 5 * 60_000);
      timer.unref();
      const settle = (yes: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(asked.id);
        resolve(yes);
      };
      this.waiting.set(asked.id, { question: asked, answer: settle });
      this.options.announce?.(asked);
    });
  }

  async copySecret(secret: string, clearAfterMs: number): Promise<void> {
    copyThenClear(this.clipboard, secret, clearAfterMs);
  }

  /** The questions waiting, oldest first. */
  questions(): DeskQuestion[] {
    return [...this.waiting.values()].map((w) => w.question);
  }

  /** The user's answer; false when no such question waits (answered, timed out, never asked). */
  answer(id: string, yes: boolean): boolean {
    const waiting = this.waiting.get(id);
    waiting?.answer(yes);
    return waiting !== undefined;
  }

  /** What the desk's clipboard holds now. */
  clipboardText(): string {
    return this.text;
  }
}
