import type { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import type { HttpResponse } from './http.js';

/**
 * Reads a JSON answer and checks it against a schema that tolerates additions. What comes
 * back is the parsed JSON itself, not zod's copy, so every field the service sent —
 * known or not — is kept verbatim for the workspace.
 */
export function readJson<S extends z.ZodType>(response: HttpResponse, schema: S, what: string): z.infer<S> {
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    throw invalidResponse(what, 'the body is not JSON');
  }
  return checkJson(body, schema, what);
}

/** Checks already-parsed JSON (e.g. a job's `result`) and hands the same value back, typed. */
export function checkJson<S extends z.ZodType>(body: unknown, schema: S, what: string): z.infer<S> {
  const checked = schema.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw invalidResponse(what, `${issue?.message ?? 'unexpected shape'}${where}`);
  }
  return body as z.infer<S>;
}

function invalidResponse(what: string, detail: string): AppError {
  return new AppError({
    code: 'invalid_response',
    message: `The service sent a ${what} the app cannot read (${detail}).`,
    hint: 'Check that the service address points at the right service and version.',
  });
}
