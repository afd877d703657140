import { AppError } from '../../shared/errors.js';
import { UnreadableAnswer } from '../api/responses.js';
import type { Keep } from '../workspace/quarantine.js';
import type { Workspace } from '../workspace/workspace.js';

/** What the Jobs screen's "Answers kept unread" is called, for hints that send the user there. */
export const KEPT_UNREAD_HINT =
  'Under "Answers kept unread" on the Jobs screen: "Show" opens it as received, "Read again" tries once more (after an update of Groundwork, say).';

/**
 * Runs a direct service call whose 2xx answer may not be readable by this version: such an
 * answer may have been charged, so it is kept as it arrived (quarantine/) before the run
 * fails with an error saying where, never thrown away.
 */
export async function keepingUnreadable<T>(
  workspace: Workspace,
  what: Omit<Keep, 'jobId' | 'reason' | 'text' | 'id'>,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof UnreadableAnswer)) throw error;
    await workspace.quarantine.keep({ ...what, jobId: null, reason: error.message, text: error.text });
    throw new AppError({
      code: 'answer_unreadable',
      message: `The service answered, but this version of Groundwork cannot read the answer: ${error.message} It may have been charged, so it is kept as it arrived.`,
      hint: KEPT_UNREAD_HINT,
    });
  }
}
