/** The part of a clipboard a copied secret needs: Electron's `clipboard` and the preview desk's both have it. */
export interface TextClipboard {
  readText(): string;
  writeText(text: string): void;
  clear(): void;
}

/**
 * Copies `secret` and clears the clipboard after `clearAfterMs`, but only if it still holds
 * the secret: whatever the user copied since is theirs and stays. The timer does not hold
 * the process open; a quit before it fires leaves the clearing to `clearNow`.
 */
export function copyThenClear(clipboard: TextClipboard, secret: string, clearAfterMs: number): { clearNow(): void } {
  clipboard.writeText(secret);
  const clearNow = () => {
    clearTimeout(timer);
    if (clipboard.readText() === secret) clipboard.clear();
  };
  const timer = setTimeout(clearNow, clearAfterMs);
  timer.unref?.();
  return { clearNow };
}
