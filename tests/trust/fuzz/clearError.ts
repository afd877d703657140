/**
 * What a loader may answer besides a result: the app's own error, with a stable code, a
 * human message of sensible length and what to do next. Anything else thrown is a bug.
 */
import { AppError } from '../../../shared/errors.js';

export class LoaderBug extends Error {
  override readonly name = 'LoaderBug';
}

export function describeThrown(error: unknown): string {
  if (error instanceof Error)
    return `${error.name}: ${error.message.slice(0, 300)}\n${error.stack?.split('\n').slice(1, 6).join('\n') ?? ''}`;
  return String(error).slice(0, 300);
}

export function checkClearError(error: AppError, what: string): void {
  const problems: string[] = [];
  if (!/^[a-z0-9_]+$/.test(error.code)) problems.push(`code ${JSON.stringify(error.code)} is not a stable code`);
  if (typeof error.message !== 'string' || error.message.trim() === '') problems.push('no message');
  else if (error.message.length > 1_000) problems.push(`a ${error.message.length}-character message`);
  if (typeof error.hint !== 'string' || error.hint.trim() === '') problems.push('no hint (what to do next)');
  if (/\[object Object\]|\bundefined\b/.test(error.message)) problems.push(`a message showing internals: ${error.message.slice(0, 200)}`);
  if (problems.length > 0) throw new LoaderBug(`${what} answered ${error.code}: ${problems.join('; ')}`);
}

/** Runs one loader: its result, or null when it answered with a clear AppError; anything else fails the case. */
export async function settle<T>(what: string, run: () => Promise<T> | T): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LoaderBug) throw error;
    if (!(error instanceof AppError))
      throw new LoaderBug(`${what} threw instead of answering with a clear error: ${describeThrown(error)}`);
    checkClearError(error, what);
    return null;
  }
}
