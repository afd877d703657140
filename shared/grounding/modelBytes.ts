/**
 * The review model as bytes: built once from a stored result (in main, off its event loop)
 * and handed to the window, which reads it without parsing the result again.
 *
 * PLACEHOLDER FORMAT (to be replaced by the typed-array model): the bytes are the result's
 * JSON, and decoding builds the model from it. The signatures are the contract between the
 * main-side pipeline and the model format.
 */
import { AppError } from '../errors.js';
import type { StoredResult } from '../workspace.js';
import type { ParseModel } from './parseModel.js';
import { modelOfResult } from './resultModel.js';

/** Bumped whenever the byte layout changes: bytes of another version are rebuilt, never read. */
export const MODEL_FORMAT_VERSION = 0;

/** Builds the model of a parse or analyzer result and writes it as bytes; throws `unreadable_result` like modelOfResult. */
export function encodeModel(result: Pick<StoredResult, 'kind' | 'response'>): Uint8Array {
  modelOfResult(result);
  return new TextEncoder().encode(JSON.stringify({ version: MODEL_FORMAT_VERSION, kind: result.kind, response: result.response }));
}

/** The model over bytes from encodeModel; `unreadable_model` when they are not a model of this version. */
export function decodeModel(bytes: Uint8Array): ParseModel {
  let parsed: { version?: unknown; kind?: unknown; response?: unknown };
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes)) as typeof parsed;
  } catch {
    throw unreadableModel();
  }
  if (parsed.version !== MODEL_FORMAT_VERSION || (parsed.kind !== 'parse' && parsed.kind !== 'analyzer')) throw unreadableModel();
  return modelOfResult({ kind: parsed.kind, response: parsed.response });
}

function unreadableModel(): AppError {
  return new AppError({ code: 'unreadable_model', message: 'The stored review model of this result cannot be read.', hint: 'Open the result again: its model is rebuilt from the stored result.' });
}
