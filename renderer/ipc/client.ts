import { AppError, type IpcResult } from '../../shared/errors.js';
import type { Domain, GroundworkApi, RequestIn, ResponseOf } from '../../shared/ipc/table.js';
import { CHANNELS, channelPath, type Channel } from '../../shared/ipc/channels.js';

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never;
type VerbOf<C extends string> = C extends `${string}:${infer V}` ? V : never;

/** The renderer's view of main: same names as `window.groundwork`, but results unwrapped and errors thrown as AppError. */
export type Client = {
  [D in Domain]: {
    [C in Channel as DomainOf<C> extends D ? VerbOf<C> : never]: (request: RequestIn<C>) => Promise<ResponseOf<C>>;
  };
};

declare global {
  interface Window {
    groundwork?: GroundworkApi;
  }
}

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value;
  throw new AppError(result.error);
}

function buildClient(raw: GroundworkApi): Client {
  const client: Record<string, Record<string, (request: unknown) => Promise<unknown>>> = {};
  const source = raw as unknown as Record<string, Record<string, (request: unknown) => Promise<IpcResult<unknown>>>>;
  for (const channel of CHANNELS) {
    const { domain, verb } = channelPath(channel);
    const call = source[domain]?.[verb];
    client[domain] ??= {};
    client[domain][verb] = async (request) => {
      if (!call) throw new AppError({ code: 'bridge_missing', message: `This shell does not offer ${channel}.` });
      return unwrap(await call(request));
    };
  }
  return client as unknown as Client;
}

/** Null when the page was opened outside both shells (no preload, no preview bridge). */
export const api: Client | null = window.groundwork ? buildClient(window.groundwork) : null;

export function requireApi(): Client {
  if (!api) throw new AppError({ code: 'no_shell', message: 'Groundwork is not connected to its main process.' });
  return api;
}

export function subscribeEvents(listener: Parameters<GroundworkApi['events']['subscribe']>[0]): () => void {
  return window.groundwork?.events.subscribe(listener) ?? (() => undefined);
}

/** Any thrown value as the data of an AppError, for display. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  return new AppError({ code: 'unexpected', message: error instanceof Error ? error.message : String(error) });
}
