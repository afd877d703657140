import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppEvent } from '../../shared/events.js';
import type { GroundworkApi } from '../../shared/ipc/table.js';
import { CHANNELS, channelPath, type Channel } from '../../shared/ipc/channels.js';
import { dispatch } from '../../electron/core/ipcDispatch.js';
import { createHandlers } from '../../electron/app/handlers.js';
import type { Services } from '../../electron/app/services.js';
import { testServices } from './testServices.js';

/**
 * The real main-process services in this process, behind the `window.groundwork` a renderer
 * store talks to (every request validated as in the app). A test can hold a channel's answers
 * back, to be the slow disk or service that a stale load races against.
 */
export interface RendererBridge {
  api: GroundworkApi;
  services: Services;
  /** Answers of `channel` wait until the returned release is called (for calls made from now on). */
  hold(channel: Channel): () => void;
  /** How often each channel was called. */
  calls: Map<Channel, number>;
  close(): Promise<void>;
}

export async function startRendererBridge(): Promise<RendererBridge> {
  const dataDir = await mkdtemp(join(tmpdir(), 'groundwork-store-'));
  const listeners = new Set<(event: AppEvent) => void>();
  const services = await testServices(dataDir, { emit: (event) => listeners.forEach((listener) => listener(event)) });
  const handlers = createHandlers(services);
  const held = new Map<Channel, Promise<void>>();
  const calls = new Map<Channel, number>();
  const api: Record<string, Record<string, (request: unknown) => Promise<unknown>>> = {};
  for (const channel of CHANNELS) {
    const { domain, verb } = channelPath(channel);
    api[domain] ??= {};
    api[domain][verb] = async (request) => {
      calls.set(channel, (calls.get(channel) ?? 0) + 1);
      const gate = held.get(channel);
      const answer = await dispatch(handlers, channel, request, services.logger);
      if (gate) await gate;
      return answer;
    };
  }
  return {
    api: {
      ...(api as unknown as Omit<GroundworkApi, 'events'>),
      events: { subscribe: (listener) => (listeners.add(listener), () => void listeners.delete(listener)) },
    } as GroundworkApi,
    services,
    calls,
    hold(channel) {
      let release!: () => void;
      held.set(channel, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        held.delete(channel);
        release();
      };
    },
    async close() {
      services.jobs.stop();
      // As at quit: model caches and index saves under way end before the folder goes.
      await services.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A renderer window in this process: `window.groundwork` is the bridge's api (or what `wrap`
 * makes of it) until `close`. Open it before the first import of a renderer store: the IPC
 * client reads the bridge when it is first imported.
 */
export async function openRendererWindow(wrap: (api: GroundworkApi) => GroundworkApi = (api) => api): Promise<RendererBridge> {
  const bridge = await startRendererBridge();
  const scope = globalThis as { window?: unknown };
  scope.window = { groundwork: wrap(bridge.api) };
  return {
    ...bridge,
    async close() {
      await bridge.close();
      delete scope.window;
    },
  };
}

/** A window with the Review screen's store, its library listed. */
export async function openReviewWindow(wrap?: (api: GroundworkApi) => GroundworkApi) {
  const bridge = await openRendererWindow(wrap);
  const { useReviewStore } = await import('../../renderer/state/review/reviewStore.js');
  const { useLibraryStore } = await import('../../renderer/state/library/libraryStore.js');
  await useLibraryStore.getState().load();
  return { bridge, store: useReviewStore, library: useLibraryStore };
}
