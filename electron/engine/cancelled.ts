import { AppError } from '../../shared/errors.js';

export function cancelledError(): AppError {
  return new AppError({ code: 'cancelled', message: 'The local parse was cancelled.', hint: 'Run it again when you are ready.' });
}
