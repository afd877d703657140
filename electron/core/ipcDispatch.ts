import type { AppErrorData, IpcResult } from '../../shared/errors.js';
import type { Channel } from '../../shared/ipc/channels.js';
import { ipcTable, type RequestOut, type ResponseOf } from '../../shared/ipc/table.js';
import { errorForRenderer } from './internalError.js';
import type { Logger } from './log.js';

/** A handler gets the request already validated by its channel's schema. */
export type Handler<C extends Channel> = (request: RequestOut<C>) => Promise<ResponseOf<C>>;
export type HandlerTable = { [C in Channel]: Handler<C> };

export function isChannel(name: string): name is Channel {
  return Object.hasOwn(ipcTable, name);
}

/**
 * Runs one IPC call: the request is parsed with its channel's schema before the handler
 * sees it, and whatever happens the caller gets an IpcResult, never a thrown exception
 * (an exception's message could carry anything; an AppError's was written for users).
 */
export async function dispatch(handlers: HandlerTable, channel: string, request: unknown, logger: Logger): Promise<IpcResult<unknown>> {
  if (!isChannel(channel)) {
    return { ok: false, error: { code: 'unknown_channel', message: `There is no IPC channel "${channel.slice(0, 60)}".` } };
  }
  const parsed = ipcTable[channel].request.safeParse(request ?? {});
  if (!parsed.success) {
    return { ok: false, error: validationError(channel, parsed.error.issues) };
  }
  try {
    const handler = handlers[channel] as (request: unknown) => Promise<unknown>;
    return { ok: true, value: await handler(parsed.data) };
  } catch (error) {
    return { ok: false, error: errorForRenderer(error, logger, channel) };
  }
}

interface Issue {
  path: PropertyKey[];
  message: string;
}

function validationError(channel: Channel, issues: Issue[]): AppErrorData {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || '(request)';
    fields[path] ??= issue.message;
  }
  const summary = Object.entries(fields)
    .slice(0, 3)
    .map(([path, message]) => `${path}: ${message}`)
    .join('; ');
  return {
    code: 'invalid_request',
    message: `The request to ${channel} was malformed (${summary}).`,
    hint: 'This is a bug in the caller; nothing was changed.',
    fields,
  };
}
