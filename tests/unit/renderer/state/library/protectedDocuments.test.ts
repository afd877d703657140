import { afterAll, beforeAll, expect, it } from 'vitest';
import { passwordProtectedPdf, USER_PASSWORD } from '../../../../support/encryptedPdf.js';
import { openRendererWindow, type RendererBridge } from '../../../../support/rendererBridge.js';

// Two locked PDFs asked for at once (a batch reaching one while the reviewer opens another):
// the questions come one after the other, each answered by the reviewer, neither cancelled by
// the other.
let bridge: RendererBridge;

beforeAll(async () => {
  bridge = await openRendererWindow();
});

afterAll(async () => {
  await bridge?.close();
});

it('a second password question waits for the first instead of closing it', async () => {
  const { importAsking } = await import('../../../../../renderer/state/library/protectedDocuments.js');
  const { usePasswordPrompt } = await import('../../../../../renderer/state/library/passwordPrompt.js');
  const questionFor = async (name: string) => {
    await expect.poll(() => usePasswordPrompt.getState().question?.documentName, { timeout: 10_000 }).toBe(name);
    expect(usePasswordPrompt.getState().question?.checking).toBe(false);
  };
  const first = importAsking('first.pdf', await passwordProtectedPdf({ pages: 1, title: 'First locked' }));
  await questionFor('first.pdf');
  const second = importAsking('second.pdf', await passwordProtectedPdf({ pages: 1, title: 'Second locked' }));
  // The second file's import has been refused for its password by now; its question still waits.
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(usePasswordPrompt.getState().question?.documentName).toBe('first.pdf');

  usePasswordPrompt.getState().answer(USER_PASSWORD);
  expect(await first).toMatchObject({ name: 'first.pdf', needsPassword: true });
  await questionFor('second.pdf');
  usePasswordPrompt.getState().answer(USER_PASSWORD);
  expect(await second).toMatchObject({ name: 'second.pdf', needsPassword: true });
  expect(usePasswordPrompt.getState().question).toBeNull();
});
