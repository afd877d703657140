/**
 * The names of the IPC channels, without their schemas, so that the sandboxed preload can
 * build `window.groundwork` without bundling zod. `table.ts` holds the schemas and
 * types; the compiler checks that its table has exactly these channels.
 */
import type { AppEvent } from '../events.js';

export const CHANNELS = [
  'app:info',
  'app:dismissNotice',
  'keys:list',
  'keys:defaults',
  'keys:add',
  'keys:copySecret',
  'keys:rename',
  'keys:setEnabled',
  'keys:setAddress',
  'keys:delete',
  'keys:test',
  'keys:allowInferenceHost',
  'keys:forgetInferenceHost',
  'documents:import',
  'documents:importUrl',
  'documents:read',
  'documents:unlock',
  'library:list',
  'library:trash',
  'library:delete',
  'library:restore',
  'results:get',
  'results:model',
  'results:import',
  'runs:parse',
  'runs:extract',
  'runs:cancel',
  'runs:rerunPages',
  'samples:open',
  'reviews:get',
  'reviews:decide',
  'reviews:export',
  'audit:list',
  'audit:export',
  'queues:create',
  'queues:list',
  'queues:get',
  'queues:move',
  'queues:close',
  'search:query',
  'search:settings',
  'search:setSettings',
  'rules:get',
  'rules:save',
  'rules:setAside',
  'datasets:registry',
  'datasets:createProject',
  'datasets:addProject',
  'datasets:forgetProject',
  'datasets:setProjectKey',
  'datasets:setActive',
  'datasets:setSettings',
  'datasets:createTag',
  'datasets:renameTag',
  'datasets:createMetadata',
  'datasets:updateMetadata',
  'datasets:importMedia',
  'datasets:addMediaIds',
  'datasets:removeMedia',
  'datasets:thumbnail',
  'datasets:dropImages',
  'datasets:allowImageFolder',
  'datasets:forgetImageFolder',
  'datasets:applyMetadata',
  'datasets:applyToAll',
  'training:start',
  'training:metrics',
  'snapshots:export',
  'snapshots:chooseFolder',
  'snapshots:download',
  'snapshots:showInFolder',
  'inference:run',
  'jobs:create',
  'jobs:list',
  'jobs:detail',
  'jobs:result',
  'jobs:local',
  'jobs:get',
  'jobs:retry',
  'jobs:recheck',
  'jobs:settleUnsure',
  'jobs:settings',
  'jobs:setSettings',
  'quarantine:list',
  'quarantine:show',
  'quarantine:readAgain',
  'batch:estimate',
  'batch:create',
  'batch:list',
  'batch:pause',
  'batch:resume',
  'batch:cancelPending',
  'batch:retryFailed',
] as const;

export type Channel = (typeof CHANNELS)[number];

/** The event channel: long work reports progress here; nothing else flows main → renderer. */
export const EVENT_CHANNEL = 'app:event';

/** Splits a channel name into the domain and verb it appears under in `window.groundwork`. */
export function channelPath(channel: Channel): { domain: string; verb: string } {
  const [domain, verb] = channel.split(':') as [string, string];
  return { domain, verb };
}

/**
 * Builds `window.groundwork` with one generic loop: a named function per channel, grouped
 * by domain. Used by the Electron preload and the preview bridge client alike, so both
 * expose exactly the same functions. (The precise type is `GroundworkApi` in table.ts.)
 */
export function buildGroundworkApi(
  invoke: (channel: Channel, request: unknown) => Promise<unknown>,
  subscribe: (listener: (event: AppEvent) => void) => () => void,
): unknown {
  const api: Record<string, Record<string, unknown>> = { events: { subscribe } };
  for (const name of CHANNELS) {
    const { domain, verb } = channelPath(name);
    api[domain] ??= {};
    api[domain][verb] = (request: unknown) => invoke(name, request);
  }
  return api;
}
