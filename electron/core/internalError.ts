import { AppError, type AppErrorData } from '../../shared/errors.js';
import type { Logger } from './log.js';

/**
 * What the renderer is told of an error: an AppError as written for users; anything else
 * is logged with its stack and told as the one `internal_error` (an exception's message
 * could carry anything).
 */
export function errorForRenderer(error: unknown, logger: Pick<Logger, 'error'>, where: string): AppErrorData {
  if (error instanceof AppError) return error.toData();
  logger.error('unexpected error', { where, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  return {
    code: 'internal_error',
    message: 'Something went wrong inside Groundwork.',
    hint: 'Try again; if it keeps happening, the log file in the data folder says more.',
  };
}
