import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as PasswordPrompt from '../../../../../renderer/state/library/passwordPrompt.js';

// The password dialog's store: one question on screen, its answer handed straight to whoever
// asked (never kept), the dialog waiting while an answer is checked, and a question replaced
// or ended answering the one before as Cancel, so no caller waits forever.
let prompt: typeof PasswordPrompt;

beforeEach(async () => {
  vi.resetModules();
  prompt = await import('../../../../../renderer/state/library/passwordPrompt.js');
});

const question = () => prompt.usePasswordPrompt.getState().question;

describe('password prompt', () => {
  it('shows the question; an answer goes to the asker, and the dialog waits while it is checked', async () => {
    const asked = prompt.askPassword('locked.pdf', false);
    expect(question()).toEqual({ documentName: 'locked.pdf', wrong: false, checking: false });
    prompt.usePasswordPrompt.getState().answer('secret');
    expect(await asked).toBe('secret');
    expect(question()).toEqual({ documentName: 'locked.pdf', wrong: false, checking: true });
    expect(JSON.stringify(prompt.usePasswordPrompt.getState())).not.toContain('secret');
  });

  it('asked again after a wrong password, the question says so and is not waiting', async () => {
    const first = prompt.askPassword('locked.pdf', false);
    prompt.usePasswordPrompt.getState().answer('wrong');
    await first;
    const second = prompt.askPassword('locked.pdf', true);
    expect(question()).toEqual({ documentName: 'locked.pdf', wrong: true, checking: false });
    prompt.usePasswordPrompt.getState().answer(null);
    expect(await second).toBeNull();
    expect(question()).toBeNull();
  });

  it('a new question answers the one it replaces as Cancel', async () => {
    const first = prompt.askPassword('first.pdf', false);
    const second = prompt.askPassword('second.pdf', false);
    expect(await first).toBeNull();
    expect(question()?.documentName).toBe('second.pdf');
    prompt.usePasswordPrompt.getState().answer('pw');
    expect(await second).toBe('pw');
  });

  it('ending the prompt closes it and answers a question still open as Cancel', async () => {
    const asked = prompt.askPassword('locked.pdf', false);
    prompt.endPasswordPrompt();
    expect(await asked).toBeNull();
    expect(question()).toBeNull();
    // An answer after the end reaches no one and opens nothing.
    prompt.usePasswordPrompt.getState().answer('late');
    expect(question()).toBeNull();
  });
});
