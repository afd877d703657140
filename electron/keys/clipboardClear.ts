/** The part of a clipboard a copied secret needs: Electron's `clipboard` and the preview desk's both have it. */
export interface TextClipboard {
  /** Electron's types answer a promise (the same call exists in the renderer); main's clipboard answers at once. */
  readText(): string | Promise<string>;
  writeText(text: string): void;
  clear(): void;
}

/**
 * Copies `secret` and clears the clipboard after `clearAfterMs`, but only if it still holds
 * the secret: whatever the user copied since is theirs and stays. The timer does not hold
 * the process open; a quit before it fires leaves the clearing to `clearNow`.
 */
export function copyThenClear(clipboard: TextClipboard, secret: string, clearAfterMs: number): { clearNow(): Promise<void> } {
  clipboard.writeText(secret);
  const clearNow = async () => {
    clearTimeout(timer);
    if ((await clipboard.readText()) === secret) clipboard.clear();
  };
  const timer = setTimeout(() => void clearNow(), clearAfterMs);
  timer.unref?.();
  return { clearNow };
}
