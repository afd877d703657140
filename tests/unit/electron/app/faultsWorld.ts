// The real main-process services (createServices, the handler table, the IPC dispatcher,
// the OS keychain under a private name) on a fresh data folder, with keys of every kind
// pointing at an emulator. Calls go in exactly as the renderer's would.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppEvent } from '../../../../shared/events.js';
import type { Channel } from '../../../../shared/ipc/channels.js';
import type { RequestIn, ResponseOf } from '../../../../shared/ipc/table.js';
import type { IpcResult } from '../../../../shared/errors.js';
import { createHandlers } from '../../../../electron/app/handlers.js';
import { dispatch } from '../../../../electron/core/ipcDispatch.js';
import { createLogger } from '../../../../electron/core/log.js';
import type { Services } from '../../../../electron/app/services.js';
import { clearKeychainService } from '../../../support/keychainCleanup.js';
import { KEYS } from '../../../support/emulatorHarness.js';
import { endTestServices, testServices } from '../../../support/testServices.js';

export interface FaultsWorld {
  services: Services;
  events: AppEvent[];
  keyIds: { v2: string; analyzer: string; v1: string };
  /** One IPC call; the answer as the renderer gets it ({ok, value} or {ok: false, error}). */
  call<C extends Channel>(channel: C, request: RequestIn<C>): Promise<IpcResult<ResponseOf<C>>>;
  close(): Promise<void>;
}

export async function faultsWorld(emulatorUrl: string): Promise<FaultsWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'groundwork-faults-'));
  const keychainService = `groundwork-faults-${process.pid}-${Date.now()}`;
  const events: AppEvent[] = [];
  const logger = createLogger(dataDir, { console: false });
  const services = await testServices(dataDir, { keychainService, logger, emit: (e) => events.push(e) });
  const handlers = createHandlers(services);
  const call = <C extends Channel>(channel: C, request: RequestIn<C>) =>
    dispatch(handlers, channel, request, logger) as Promise<IpcResult<ResponseOf<C>>>;
  const add = async (kind: 'v2' | 'analyzer' | 'v1', secret: string) => {
    const answer = await call('keys:add', { name: `faults ${kind}`, kind, secret, address: emulatorUrl });
    if (!answer.ok) throw new Error(`keys:add ${kind}: ${answer.error.message}`);
    return answer.value.id;
  };
  const keyIds = { v2: await add('v2', KEYS.v2), analyzer: await add('analyzer', KEYS.analyzer), v1: await add('v1', KEYS.v1) };
  return {
    services,
    events,
    keyIds,
    call,
    close: async () => {
      await clearKeychainService(keychainService);
      await endTestServices(services, dataDir);
    },
  };
}

/** Runs `tasks` with at most `limit` at once, as a busy user with several windows would. */
export async function inPool<T>(limit: number, tasks: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const index = next++;
        results[index] = await tasks[index]!();
      }
    }),
  );
  return results;
}
