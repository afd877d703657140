import { describe, expect, it } from 'vitest';
import { copyThenClear, type TextClipboard } from '../../../../electron/keys/clipboardClear.js';

// A copied secret leaves the clipboard when its time is up, but only if the clipboard still
// holds it: what the user copied since stays. (The clipboard here is a text slot, as the
// preview's desk keeps; the app's is Electron's, with the same three calls.)
function textClipboard(): TextClipboard & { text: string } {
  const board = {
    text: '',
    readText: () => board.text,
    writeText: (t: string) => void (board.text = t),
    clear: () => void (board.text = ''),
  };
  return board;
}
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a secret on the clipboard', () => {
  it('is cleared once its time is up', async () => {
    const board = textClipboard();
    copyThenClear(board, 'sk_secret', 30);
    expect(board.text).toBe('sk_secret');
    await wait(60);
    expect(board.text).toBe('');
  });

  it('leaves what the user copied since', async () => {
    const board = textClipboard();
    copyThenClear(board, 'sk_secret', 30);
    board.writeText('an address the user copied');
    await wait(60);
    expect(board.text).toBe('an address the user copied');
  });

  it('is cleared at once when asked (at quit)', async () => {
    const board = textClipboard();
    await copyThenClear(board, 'sk_secret', 60_000).clearNow();
    expect(board.text).toBe('');
  });
});
