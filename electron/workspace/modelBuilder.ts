import { AppError } from '../../shared/errors.js';
import { activeConfig } from '../core/config.js';
import { parserHost, type HostedWorker } from '../parserHost/parserHost.js';
import { findWorkerFile } from '../core/workerFile.js';
import type { ModelBuildAnswer, ModelBuildRequest } from './modelProtocol.js';

/** The bundled model worker (GROUNDWORK_MODEL_WORKER overrides). */
export function findModelWorker(): string {
  return findWorkerFile('model-worker.mjs', {
    override: activeConfig().modelWorker,
    code: 'model_unavailable',
    name: "The result model's worker",
  });
}

export interface ModelBuilderOptions {
  workerPath?: string;
  /** How long an idle worker is kept for the next build before it is ended and its memory given back. */
  idleMs?: number;
  /** The worker's heap ceiling: a result past it fails alone, main goes on. */
  maxHeapMb?: number;
}

interface Job {
  key: string;
  request: Omit<ModelBuildRequest, 'id'>;
  promise: Promise<Uint8Array>;
  resolve(file: Uint8Array): void;
  reject(error: AppError): void;
}

/**
 * Builds result models in one worker thread of the parser host (../parserHost/), one at a time: a build the reviewer waits for
 * goes before those made in the background at save. The worker starts with the first build
 * and is ended once it has been idle `idleMs`.
 */
export class ModelBuilder {
  private worker: HostedWorker | null = null;
  private running: (Job & { id: number }) | null = null;
  private readonly queue: Job[] = [];
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private nextId = 1;
  private readonly idleMs: number;
  private readonly maxHeapMb: number;

  constructor(private readonly options: ModelBuilderOptions = {}) {
    this.idleMs = options.idleMs ?? 2_000;
    this.maxHeapMb = options.maxHeapMb ?? 4_096;
  }

  /** Whether a worker is alive now (it is ended when idle). */
  get alive(): boolean {
    return this.worker !== null;
  }

  /**
   * The cache file bytes for the response at `path`. The same `key` asked again while
   * queued or running shares that build; `urgent` puts it before background builds.
   */
  build(key: string, request: Omit<ModelBuildRequest, 'id'>, urgent: boolean): Promise<Uint8Array> {
    if (this.running?.key === key) return this.running.promise;
    const queued = this.queue.find((job) => job.key === key);
    if (queued) {
      if (urgent) this.promote(key);
      return queued.promise;
    }
    let resolve!: Job['resolve'];
    let reject!: Job['reject'];
    const promise = new Promise<Uint8Array>((res, rej) => ((resolve = res), (reject = rej)));
    const job: Job = { key, request, promise, resolve, reject };
    if (urgent) this.queue.unshift(job);
    else this.queue.push(job);
    this.next();
    return promise;
  }

  /** Puts a queued build before the background ones (the reviewer now waits for it). */
  promote(key: string): void {
    const queued = this.queue.findIndex((job) => job.key === key);
    if (queued > 0) this.queue.unshift(...this.queue.splice(queued, 1));
  }

  /** Ends the worker now; queued builds fail. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    for (const job of this.queue.splice(0)) job.reject(closed());
    this.running?.reject(closed());
    this.running = null;
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private next(): void {
    if (this.running) return;
    const job = this.queue.shift();
    clearTimeout(this.idleTimer);
    if (!job) {
      this.idleTimer = setTimeout(() => void this.endIdle(), this.idleMs);
      this.idleTimer.unref();
      return;
    }
    let worker: HostedWorker;
    try {
      worker = this.worker ?? this.spawn();
    } catch (error) {
      job.reject(error instanceof AppError ? error : failed(error));
      this.next();
      return;
    }
    const running = { ...job, id: this.nextId++ };
    this.running = running;
    worker.postMessage({ id: running.id, ...job.request } satisfies ModelBuildRequest);
  }

  private spawn(): HostedWorker {
    // A stored response is a service's answer (untrusted JSON): it is parsed in the parser host, never in main.
    const worker = parserHost.spawn(this.options.workerPath ?? findModelWorker(), { maxOldGenerationSizeMb: this.maxHeapMb });
    // A build in the background never keeps a process alive (a script, a test) on its own.
    worker.unref();
    worker.on('message', (answer: ModelBuildAnswer) => {
      const job = this.running;
      if (!job || job.id !== answer.id) return;
      this.running = null;
      if (answer.ok) job.resolve(answer.file);
      else job.reject(new AppError(answer.error));
      this.next();
    });
    const lost = (error: AppError) => {
      if (this.worker !== worker) return;
      this.worker = null;
      const job = this.running;
      this.running = null;
      job?.reject(error);
      this.next();
    };
    worker.on('error', (error: Error & { code?: string }) =>
      lost(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError({
              code: 'result_too_large',
              message: `This result needs more memory than its model may be built with (${Math.round(this.maxHeapMb / 1024)} GB).`,
              hint: 'Parse the document in parts (the "pages" option) and open each result.',
            })
          : failed(error),
      ),
    );
    worker.on('exit', (code) => lost(failed(new Error(`the worker stopped (exit code ${code})`))));
    this.worker = worker;
    return worker;
  }

  private async endIdle(): Promise<void> {
    if (this.running || this.queue.length > 0 || !this.worker) return;
    const worker = this.worker;
    this.worker = null;
    await worker.terminate();
  }
}

function failed(error: unknown): AppError {
  return new AppError({
    code: 'model_build_failed',
    message: `The result model could not be built: ${error instanceof Error ? error.message : String(error)}`,
    hint: 'Open the result again; if it keeps failing, run the engine again.',
  });
}

function closed(): AppError {
  return new AppError({
    code: 'model_build_failed',
    message: 'The result model was not built: the app is closing.',
    hint: 'Open the result again.',
  });
}
