import { EventEmitter } from 'node:events';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ResourceLimits } from 'node:worker_threads';
import { activeConfig } from '../core/config.js';
import { findWorkerFile } from '../core/workerFile.js';
import { parserHostEnv } from './hostEnv.js';
import { forkHost, type HostChannel, type HostLauncher } from './hostLauncher.js';
import { PARSER_HOST_FILE, PARSER_HOST_GUARD_FILE, type FromParserHost } from './hostProtocol.js';

/**
 * Main's side of the parser host: the process, without keytar or keys, where the worker
 * threads that read untrusted bytes run (engine, result model, search index). It is started
 * with the first thread asked for and again after it dies; a thread that was running in a
 * host that died reports an error (code `ERR_PARSER_HOST_GONE`) and exits, as a crashed
 * thread does, so each caller's own crash handling (fail the run, rebuild, restart) applies.
 */

/** The error code of a thread whose host process died under it. */
export const PARSER_HOST_GONE = 'ERR_PARSER_HOST_GONE';

/**
 * A worker thread inside the parser host, with the part of `Worker`'s surface the app uses:
 * `online`, `message`, `error` and `exit` events, postMessage, terminate, ref and unref.
 */
export class HostedWorker extends EventEmitter {
  private exitCode: number | null = null;
  private referenced = true;
  private terminating = false;
  private isOnline = false;

  constructor(
    readonly id: number,
    readonly channel: HostChannel,
    private readonly host: ParserHost,
  ) {
    super();
  }

  /** `transfer` non-empty: the message's own top-level buffers move on into the thread in the host (they are copied across the process boundary anyway). */
  postMessage(message: unknown, transfer?: readonly ArrayBuffer[]): void {
    if (this.exitCode !== null) return;
    this.channel.send({ kind: 'post', id: this.id, message, move: (transfer?.length ?? 0) > 0 });
  }

  terminate(): Promise<number> {
    if (this.exitCode !== null) return Promise.resolve(this.exitCode);
    const exited = new Promise<number>((resolve) => this.once('exit', resolve));
    // As Worker.terminate(): the answer is awaited even by an unreferenced thread, so the host
    // is held referenced until it comes (else a script awaiting it could end first).
    this.terminating = true;
    this.host.refsChanged(this.channel);
    this.channel.send({ kind: 'terminate', id: this.id });
    return exited;
  }

  ref(): void {
    this.referenced = true;
    this.host.refsChanged(this.channel);
  }

  unref(): void {
    this.referenced = false;
    this.host.refsChanged(this.channel);
  }

  /** Whether the thread has started running (its `online` event has come). */
  get online(): boolean {
    return this.isOnline;
  }

  get keepsAlive(): boolean {
    return (this.referenced || this.terminating) && this.exitCode === null;
  }

  /** A message from the host about this thread. */
  heard(message: FromParserHost): void {
    if (this.exitCode !== null) return;
    if (message.kind === 'online') {
      this.isOnline = true;
      this.emit('online');
    } else if (message.kind === 'message') this.emit('message', message.message);
    else if (message.kind === 'error') this.fail(Object.assign(new Error(message.error.message), message.error));
    else this.exited(message.code);
  }

  /** The host process died: the thread died with it. */
  hostGone(why: string): void {
    if (this.exitCode !== null) return;
    this.fail(Object.assign(new Error(`the process that reads documents stopped (${why})`), { code: PARSER_HOST_GONE }));
    this.exited(1);
  }

  private fail(error: Error): void {
    // As a Worker's: an error nobody listens for is not thrown at main.
    if (this.listenerCount('error') > 0) this.emit('error', error);
  }

  private exited(code: number): void {
    this.exitCode = code;
    this.host.forget(this);
    this.emit('exit', code);
  }
}

export class ParserHost {
  private channel: HostChannel | null = null;
  private readonly workers = new Map<number, HostedWorker>();
  private nextId = 1;
  private stopped: (() => void) | null = null;

  constructor(private launcher: HostLauncher = forkHost) {}

  /** The Electron shell starts the host with utilityProcess; the preview and tests keep the Node child. */
  useLauncher(launcher: HostLauncher): void {
    this.launcher = launcher;
  }

  /** A thread running `file` in the host (started now if none runs). Throws when the host is not built. */
  spawn(file: string, resourceLimits: ResourceLimits): HostedWorker {
    const channel = this.channel ?? this.start();
    const worker = new HostedWorker(this.nextId++, channel, this);
    this.workers.set(worker.id, worker);
    channel.send({ kind: 'spawn', id: worker.id, file, resourceLimits });
    this.refsChanged(channel);
    return worker;
  }

  /** The running host's process id (tests kill it), or null. */
  get pid(): number | null {
    return this.channel?.pid ?? null;
  }

  /** Ends the host and every thread in it (tests: to start one afresh); resolves once it is gone. */
  stop(): Promise<void> {
    const channel = this.channel;
    if (!channel) return Promise.resolve();
    const gone = new Promise<void>((resolve) => (this.stopped = resolve));
    channel.kill();
    return gone;
  }

  forget(worker: HostedWorker): void {
    this.workers.delete(worker.id);
    this.refsChanged(worker.channel);
  }

  /** The host keeps main alive only while a thread in it is referenced, as a Worker does. */
  refsChanged(channel: HostChannel): void {
    if (channel !== this.channel) return;
    const wanted = [...this.workers.values()].some((worker) => worker.channel === channel && worker.keepsAlive);
    if (wanted) channel.ref();
    else channel.unref();
  }

  private start(): HostChannel {
    const file = findWorkerFile(PARSER_HOST_FILE, {
      override: activeConfig().parserHost,
      code: 'parser_host_unavailable',
      name: 'The process that reads documents',
    });
    const guard = pathToFileURL(join(dirname(file), PARSER_HOST_GUARD_FILE)).href;
    const channel = this.launcher({
      file,
      // No --max-old-space-size: with that process-wide flag a thread running past its own ceiling
      // (resourceLimits) aborted the whole host (SIGABRT in node::OOMErrorHandler) instead of ending
      // alone with ERR_WORKER_OUT_OF_MEMORY. The host's own thread only relays; the threads' ceilings
      // and the engine's time budgets are the limits.
      execArgv: ['--import', guard],
      env: parserHostEnv(),
    });
    this.channel = channel;
    channel.onMessage((message) => {
      const worker = this.workers.get(message.id);
      if (worker?.channel === channel) worker.heard(message);
    });
    channel.onGone((why) => {
      if (this.channel === channel) this.channel = null;
      for (const worker of [...this.workers.values()]) if (worker.channel === channel) worker.hostGone(why);
      this.stopped?.();
      this.stopped = null;
    });
    return channel;
  }
}

/** The one parser host of this process. */
export const parserHost = new ParserHost();
