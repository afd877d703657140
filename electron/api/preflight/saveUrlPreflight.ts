import { checkOutputSaveUrl } from '../../../shared/outputSaveUrl.js';
import { preflightError } from './preflightError.js';

/** A job's output_save_url checked before sending (v2.output-save-url.window): what the user should know about it, or a refusal. */
export function saveUrlWarnings(url: string, pageCount: number | null, now: number): string[] {
  const check = checkOutputSaveUrl(url, pageCount, now);
  if (!check.ok) {
    throw preflightError(
      check.code === 'invalid_url' ? 'invalid_url' : 'output_save_url_too_short',
      'output_save_url',
      check.message,
      check.code === 'invalid_url'
        ? 'Give an https URL (a presigned URL of your storage), then submit again.'
        : 'Sign a new URL with a longer expiry, then submit again.',
    );
  }
  return check.warnings;
}
