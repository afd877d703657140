import type { ResourceLimits } from 'node:worker_threads';
import { parserHost, type HostedWorker } from '../parserHost/parserHost.js';

/**
 * Engine workers kept warm between tasks. Starting a thread, loading pdf.js into it and
 * compiling the engine's hot code costs a large share of a parse, so a worker whose task
 * ended with its own answer waits a while for the next task. One that was cancelled, timed
 * out, crashed, ran out of memory or read with a password is never kept: it is ended, as
 * every worker was before. The threads run in the parser host (../parserHost/), the process
 * without keytar or keys, never in main.
 */

/** How long a worker that finished its task waits for another before it is ended. */
export const IDLE_WORKER_MS = 60_000;
/** Workers kept waiting at most (each holds pdf.js and its heap). */
const MAX_IDLE = 1;
/** Tasks one worker serves before it is ended, so whatever a long-lived thread gathers stays bounded. */
const MAX_TASKS = 50;

interface IdleWorker {
  worker: HostedWorker;
  key: string;
  timer: ReturnType<typeof setTimeout>;
  gone: () => void;
}

const idle: IdleWorker[] = [];
const served = new WeakMap<HostedWorker, { key: string; tasks: number }>();

/** An idle worker started from `path` with these limits, or a new one. */
export function takeEngineWorker(path: string, resourceLimits: ResourceLimits): HostedWorker {
  const key = JSON.stringify([path, resourceLimits]);
  const index = idle.findIndex((entry) => entry.key === key);
  if (index >= 0) {
    const [entry] = idle.splice(index, 1) as [IdleWorker];
    forget(entry);
    entry.worker.ref();
    return entry.worker;
  }
  const worker = parserHost.spawn(path, resourceLimits);
  served.set(worker, { key, tasks: 0 });
  return worker;
}

/**
 * Hands back a worker whose task ended with its own final message (its listeners for the
 * task removed): it waits for the next task, unreferenced so it never keeps the process alive.
 */
export function releaseEngineWorker(worker: HostedWorker): void {
  const record = served.get(worker);
  if (!record || ++record.tasks >= MAX_TASKS) {
    void worker.terminate();
    return;
  }
  const entry: IdleWorker = {
    worker,
    key: record.key,
    timer: setTimeout(() => endIdle(entry), IDLE_WORKER_MS),
    // A worker that fails or exits while waiting is simply dropped.
    gone: () => void endIdle(entry),
  };
  entry.timer.unref();
  worker.on('error', entry.gone);
  worker.on('exit', entry.gone);
  worker.unref();
  idle.push(entry);
  // The most recently used stays: the next task likely wants the same worker and limits.
  while (idle.length > MAX_IDLE) void endIdle(idle[0] as IdleWorker);
}

/** How many workers are waiting for a task. */
export function idleEngineWorkers(): number {
  return idle.length;
}

/** Ends every waiting worker (on quit, and between tests). */
export async function endIdleEngineWorkers(): Promise<void> {
  await Promise.all([...idle].map((entry) => endIdle(entry)));
}

function forget(entry: IdleWorker): void {
  clearTimeout(entry.timer);
  entry.worker.off('error', entry.gone);
  entry.worker.off('exit', entry.gone);
}

async function endIdle(entry: IdleWorker): Promise<void> {
  const index = idle.indexOf(entry);
  if (index >= 0) idle.splice(index, 1);
  forget(entry);
  await entry.worker.terminate();
}
