import { dispatch } from '../../electron/ipcDispatch.js';
import type { HandlerTable } from '../../electron/handlers.js';
import type { Logger } from '../../electron/log.js';
import { AppError } from '../../shared/errors.js';
import type { Channel, RequestIn, ResponseOf } from '../../shared/ipc.js';

/** One IPC call as the renderer makes it: the request validated by main, an error answer thrown as the AppError it carries. */
export async function ipcCall<C extends Channel>(handlers: HandlerTable, logger: Logger, channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> {
  const result = await dispatch(handlers, channel, request, logger);
  if (!result.ok) throw new AppError(result.error);
  return result.value as ResponseOf<C>;
}
