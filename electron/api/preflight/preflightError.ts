import { AppError } from '../../../shared/errors.js';

/**
 * A request refused before sending: no credits spent, no network used. The field it is
 * about is named in `fields` so a form can show the message beside the input.
 */
export function preflightError(code: string, field: string, message: string, hint: string): AppError {
  return new AppError({ code, message, hint, fields: { [field]: message } });
}
