import { dispatch } from '../../electron/core/ipcDispatch.js';
import type { HandlerTable } from '../../electron/core/ipcDispatch.js';
import type { Logger } from '../../electron/core/log.js';
import { AppError } from '../../shared/errors.js';
import type { Channel } from '../../shared/ipc/channels.js';
import type { RequestIn, ResponseOf } from '../../shared/ipc/table.js';
import type { ParseAnswer, ResultInfo } from '../../shared/result.js';

/** One IPC call as the renderer makes it: the request validated by main, an error answer thrown as the AppError it carries. */
export async function ipcCall<C extends Channel>(
  handlers: HandlerTable,
  logger: Logger,
  channel: C,
  request: RequestIn<C>,
): Promise<ResponseOf<C>> {
  const result = await dispatch(handlers, channel, request, logger);
  if (!result.ok) throw new AppError(result.error);
  return result.value as ResponseOf<C>;
}

/** The result info of a `runs:parse` answer; a job where a result was expected fails the test. */
export function resultOf(answer: ParseAnswer): ResultInfo {
  if ('job' in answer) throw new Error(`runs:parse created job ${answer.job.jobId} (${answer.reason}) where a direct result was expected`);
  return answer.result;
}
