/**
 * The one error type of the app. Main-process services throw it; the IPC layer carries
 * its data across as a plain object; the renderer client throws it again. Every error a
 * user sees has a stable code, a human message and, where there is one, what to do next.
 */
export interface AppErrorData {
  code: string;
  message: string;
  /** What the user can do about it. */
  hint?: string;
  /** HTTP status when the error came from a service. */
  status?: number;
  /** Field-level messages, keyed by a dotted field path (form validation, v1 `detail[]`). */
  fields?: Record<string, string>;
}

export class AppError extends Error {
  readonly code: string;
  readonly hint: string | undefined;
  readonly status: number | undefined;
  readonly fields: Record<string, string> | undefined;

  constructor(data: AppErrorData) {
    super(data.message);
    this.name = 'AppError';
    this.code = data.code;
    this.hint = data.hint;
    this.status = data.status;
    this.fields = data.fields;
  }

  toData(): AppErrorData {
    const data: AppErrorData = { code: this.code, message: this.message };
    if (this.hint !== undefined) data.hint = this.hint;
    if (this.status !== undefined) data.status = this.status;
    if (this.fields !== undefined) data.fields = this.fields;
    return data;
  }
}

export function isAppErrorData(value: unknown): value is AppErrorData {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.message === 'string';
}

/** What crosses the IPC boundary: a value or an error, never a thrown exception. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorData };
