import { describe, expect, it } from 'vitest';
import { UserDesk } from '../../../../electron/preview/userDesk.js';
import { NO_USER_IN_MAIN, oneQuestionAtATime } from '../../../../electron/core/userInMain.js';

// Main asks the user one question at a time: a second question while a dialog is open is a no
// (a script asking again and again cannot stack dialogs); without a shell's way to ask, every
// question is a no and nothing is copied.
const question = (message: string) => ({ title: 't', message, detail: 'd', confirmLabel: 'Yes' });

describe('the user as main asks them', () => {
  it('asks one question at a time; the next is asked once the first is answered', async () => {
    const desk = new UserDesk();
    const user = oneQuestionAtATime(desk);
    const first = user.confirm(question('first'));
    expect(await user.confirm(question('second, while the first is open'))).toBe(false);
    expect(desk.questions().map((q) => q.message)).toEqual(['first']);
    desk.answer(desk.questions()[0]!.id, true);
    expect(await first).toBe(true);
    const third = user.confirm(question('third'));
    desk.answer(desk.questions()[0]!.id, false);
    expect(await third).toBe(false);
  });

  it('says no to everything, and copies nothing, where no shell gave a way to ask', async () => {
    expect(await NO_USER_IN_MAIN.confirm(question('anything'))).toBe(false);
    await expect(NO_USER_IN_MAIN.copySecret('sk_x', 1000)).rejects.toThrow();
  });
});
