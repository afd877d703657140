import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import { MAX_MODEL_BYTES } from '../../shared/ipc/results.js';
import type { Logger } from '../core/log.js';
import type { ModelBuilder } from './modelBuilder.js';
import { MODEL_HEADER_BYTES, modelPayload } from './modelFile.js';

/** Writes a cache file if `stillWanted()` holds when its turn comes (the result may be gone or replaced by then). */
export type PersistModel = (id: string, file: Uint8Array, stillWanted: () => boolean) => Promise<void>;

interface Pending {
  promise: Promise<Uint8Array>;
  urgent: boolean;
}

/**
 * The result model of each parse or analyzer result, cached as `models/<id>.model` (derived data: deleted with its result, rebuilt whenever missing,
 * damaged or of another format version). One build per result at a time: whoever asks
 * while it is under way gets the same bytes.
 */
export class ModelCache {
  private readonly pending = new Map<string, Pending>();
  /** Bumped when a result's cache is forgotten: a build begun before does not write its file. */
  private readonly generations = new Map<string, number>();
  /** Builds and cache writes under way, background ones included. */
  private readonly underWay = new Set<Promise<unknown>>();

  constructor(
    /** Where the models are kept, and where the results they are built from are. */
    private readonly dir: string,
    private readonly resultsDir: string,
    private readonly builder: ModelBuilder,
    private readonly persist: PersistModel,
    private readonly logger: Logger,
    /** What a window is sent at most (`result_too_large` past it). */
    private readonly maxBytes = MAX_MODEL_BYTES,
  ) {}

  /** The cache file of a result (checked id). */
  path(id: string): string {
    return join(this.dir, `${id}.model`);
  }

  /**
   * The model bytes of a result: read from its cache, else built (and cached in the
   * background). `rebuild` ignores the cache (the window could not read it).
   */
  model(id: string, kind: 'parse' | 'analyzer', options: { urgent?: boolean; rebuild?: boolean } = {}): Promise<Uint8Array> {
    const urgent = options.urgent ?? true;
    const pending = this.pending.get(id);
    if (pending && !options.rebuild) {
      if (urgent && !pending.urgent) {
        pending.urgent = true;
        this.builder.promote(this.buildKey(id));
      }
      return pending.promise;
    }
    const entry: Pending = { urgent, promise: Promise.resolve(new Uint8Array()) };
    const before = pending?.promise.catch(() => undefined);
    entry.promise = (async () => {
      await before;
      return this.load(id, kind, entry, !!options.rebuild);
    })();
    this.pending.set(id, entry);
    this.track(entry.promise);
    // Failed: the next open tries again.
    entry.promise.catch(() => this.settle(id, entry));
    return entry.promise;
  }

  /** Builds a result's model in the background (at save); a failure is only logged, an open reports it. */
  buildInBackground(id: string, kind: 'parse' | 'analyzer'): void {
    this.model(id, kind, { urgent: false }).catch((error: unknown) =>
      this.logger.warn('result model not built in the background', { id, error: error instanceof AppError ? error.code : String(error) }),
    );
  }

  /** Drops a result's cache (its result is going away or being replaced); the caller holds the workspace's mutation queue. */
  async forget(id: string): Promise<void> {
    this.generations.set(id, (this.generations.get(id) ?? 0) + 1);
    this.pending.delete(id);
    await rm(this.path(id), { force: true });
  }

  private async load(id: string, kind: 'parse' | 'analyzer', entry: Pending, rebuild: boolean): Promise<Uint8Array> {
    const generation = this.generations.get(id) ?? 0;
    if (!rebuild) {
      const cached = await this.readCache(id);
      if (cached) {
        this.settle(id, entry);
        return this.capped(cached);
      }
    }
    const file = await this.builder.build(this.buildKey(id), { path: join(this.resultsDir, `${id}.json`), kind }, entry.urgent);
    const payload = this.capped(view(file, MODEL_HEADER_BYTES));
    // The window gets its model now; until the file is on disk, a second open shares these bytes.
    const stillWanted = () => (this.generations.get(id) ?? 0) === generation && this.pending.get(id) === entry;
    this.track(this.persist(id, file, stillWanted))
      .catch((error: unknown) => this.logger.warn('result model not cached', { id, error: String(error) }))
      .finally(() => this.settle(id, entry));
    return payload;
  }

  /** Settles once no build or cache write is under way (what a quit, or a test reading the folder, waits for). */
  async idle(): Promise<void> {
    while (this.underWay.size > 0) await Promise.allSettled([...this.underWay]);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.underWay.add(work);
    const done = () => this.underWay.delete(work);
    work.then(done, done);
    return work;
  }

  /** Builds are shared by this key: a build begun before its result was replaced is never joined by an open after. */
  private buildKey(id: string): string {
    return `${id}@${this.generations.get(id) ?? 0}`;
  }

  private capped(payload: Uint8Array): Uint8Array {
    if (payload.length <= this.maxBytes) return payload;
    const mb = (n: number) => `${Math.ceil(n / 2 ** 20)} MB`;
    throw new AppError({
      code: 'result_too_large',
      message: `This result's model is ${mb(payload.length)}, more than the ${mb(this.maxBytes)} a window is sent.`,
      hint: 'Parse the document in parts (the "pages" option) and open each result.',
    });
  }

  private async readCache(id: string): Promise<Uint8Array | null> {
    let file: Uint8Array;
    try {
      file = await readFile(this.path(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.warn('result model cache unreadable; rebuilding', { id });
      return null;
    }
    const payload = await modelPayload(file);
    if (!payload) this.logger.warn('result model cache damaged or of another version; rebuilding', { id });
    return payload ? view(file, MODEL_HEADER_BYTES) : null;
  }

  private settle(id: string, entry: Pending): void {
    if (this.pending.get(id) === entry) this.pending.delete(id);
  }
}

/** A plain Uint8Array over the rest of `bytes` (not a Buffer: it crosses IPC as it is). */
function view(bytes: Uint8Array, from: number): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset + from, bytes.length - from);
}
