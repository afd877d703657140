import type { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { jsonBeyondLimits } from '../../shared/jsonLimits.js';
import { checkShape } from '../../shared/contracts/checkShape.js';
import type { HttpResponse } from './http.js';

/**
 * Reads a JSON answer and checks it against a schema that tolerates additions. What comes
 * back is the parsed JSON itself, not zod's copy, so every field the service sent —
 * known or not — is kept verbatim for the workspace.
 */
export function readJson<S extends z.ZodType>(response: HttpResponse, schema: S, what: string): z.infer<S> {
  try {
    const body = parseBody(response, what);
    checkedOutput(body, schema, what);
    return body as z.infer<S>;
  } catch (error) {
    throw error instanceof AppError ? new UnreadableAnswer(error, response.text) : error;
  }
}

/**
 * A 2xx answer the app cannot read, with its text as it arrived (v2.answers.kept-unread): the service may have done
 * (and billed) the work, so a caller that stores results keeps the text (quarantine/).
 */
export class UnreadableAnswer extends AppError {
  constructor(
    failure: AppError,
    readonly text: string,
  ) {
    super(failure.toData());
  }
}

/**
 * Reads an envelope (a job poll, create or list) into the schema's own output: timestamps
 * made ISO text and older names mapped (see v2Jobs.ts). Only a poll's `result` is stored,
 * and the schema passes it through as the very value that arrived.
 */
export function readEnvelope<S extends z.ZodType>(response: HttpResponse, schema: S, what: string): z.output<S> {
  try {
    return checkedOutput(parseBody(response, what), schema, what);
  } catch (error) {
    throw error instanceof AppError ? new UnreadableAnswer(error, response.text) : error;
  }
}

/** Checks already-parsed JSON (e.g. a job's `result`) and hands the same value back, typed. */
export function checkJson<S extends z.ZodType>(body: unknown, schema: S, what: string): z.infer<S> {
  checkedOutput(body, schema, what);
  return body as z.infer<S>;
}

function parseBody(response: HttpResponse, what: string): unknown {
  try {
    return JSON.parse(response.text);
  } catch {
    throw invalidResponse(what, 'the body is not JSON');
  }
}

function checkedOutput<S extends z.ZodType>(body: unknown, schema: S, what: string): z.output<S> {
  // Before the schema: it (and storing the answer) would overflow the stack on absurd nesting, or take minutes on millions of objects.
  const beyond = jsonBeyondLimits(body);
  if (beyond) throw invalidResponse(what, beyond);
  const checked = checkShape(schema, body);
  if (!checked.success) throw invalidResponse(what, checked.tooLarge ? 'it is too large to check' : describeIssue(checked.issue));
  return checked.data as z.output<S>;
}

/** A zod issue in the user's words: which field, and missing or of the wrong kind. */
function describeIssue(issue: z.core.$ZodIssue | undefined): string {
  if (!issue) return 'unexpected shape';
  const path = issue.path.map(String).join('.');
  const where = path ? (path.length > 120 ? `${path.slice(0, 120)}…` : path) : 'the answer';
  if (issue.code === 'invalid_type') {
    return /received undefined$/.test(issue.message)
      ? `${where} is missing`
      : `${where} should be ${issue.expected === 'array' || issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}`;
  }
  return `${where}: ${issue.message.slice(0, 200)}`;
}

function invalidResponse(what: string, detail: string): AppError {
  return new AppError({
    code: 'invalid_response',
    message: `The service sent ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what} the app cannot read (${detail}).`,
    hint: 'Check that the service address points at the right service and version.',
  });
}
