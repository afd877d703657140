/**
 * Runs in the browser, before the app: defines `window.groundwork` over the preview's
 * HTTP bridge, built from the same IPC table as the Electron preload.
 */
import type { IpcResult } from '../../shared/errors.js';
import type { AppEvent } from '../../shared/events.js';
import { buildGroundworkApi, type Channel } from '../../shared/ipc/channels.js';
import { decodeWire, encodeWire } from '../../shared/wireCodec.js';
import { decodeWireFrames, WIRE_FRAMES_TYPE } from './wireFrames.js';

const STORAGE_KEY = 'groundwork-preview-token';
const params = new URLSearchParams(location.search);
const token = params.get('token') ?? sessionStorage.getItem(STORAGE_KEY) ?? '';
sessionStorage.setItem(STORAGE_KEY, token);
if (params.has('token')) {
  // Keep the token out of the address bar, screenshots and history.
  params.delete('token');
  const rest = params.toString();
  history.replaceState(null, '', `${location.pathname}${rest ? `?${rest}` : ''}${location.hash}`);
}

async function invoke(channel: Channel, request: unknown): Promise<IpcResult<unknown>> {
  let response: Response;
  try {
    response = await fetch(`/__bridge/invoke/${encodeURIComponent(channel)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: `${WIRE_FRAMES_TYPE}, application/json`, 'X-Groundwork-Token': token },
      body: encodeWire(request ?? {}),
    });
  } catch {
    return {
      ok: false,
      error: { code: 'bridge_unreachable', message: 'The preview server is not running.', hint: 'Start it again with `npm run preview`.' },
    };
  }
  if (response.headers.get('content-type') === WIRE_FRAMES_TYPE)
    return decodeWireFrames(await response.arrayBuffer()) as IpcResult<unknown>;
  return decodeWire(await response.text()) as IpcResult<unknown>;
}

/**
 * One event stream for every subscriber: each EventSource holds an HTTP/1.1 connection, and
 * Chromium allows six per host, so a stream per subscriber (the library, the status bar, a
 * run's progress, each followed job) would leave calls such as Cancel queued behind them.
 */
const listeners = new Set<(event: AppEvent) => void>();
let source: EventSource | null = null;

function subscribe(listener: (event: AppEvent) => void): () => void {
  listeners.add(listener);
  if (!source) {
    source = new EventSource(`/__bridge/events?token=${encodeURIComponent(token)}`);
    source.onmessage = (message: MessageEvent<string>) => {
      const event = JSON.parse(message.data) as AppEvent;
      for (const each of [...listeners]) each(event);
    };
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}

Object.defineProperty(window, 'groundwork', {
  value: Object.freeze(buildGroundworkApi(invoke, subscribe)),
  writable: false,
  configurable: false,
});
