import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../shared/errors.js';
import { DEFAULT_SEARCH_LIMIT, MAX_QUERY_LENGTH, type SearchAnswer, type SearchGroup } from '../../shared/ipc/search.js';
import type { LibraryEntry } from '../../shared/workspace.js';
import { activeConfig } from '../config.js';
import type { Logger } from '../log.js';
import { findWorkerFile } from '../workerFile.js';
import { listedResult, type FromSearchWorker, type ListedResult, type ToSearchWorker, type WorkerAnswer } from './searchProtocol.js';
import type { UnitSource } from './searchUnits.js';

export { normalizeTerm, SEARCH_FORMAT_VERSION } from './searchEngine.js';

/** The bundled search worker (GROUNDWORK_SEARCH_WORKER overrides). */
export function findSearchWorker(): string {
  return findWorkerFile('search-worker.mjs', {
    override: activeConfig().searchWorker,
    code: 'search_unavailable',
    name: 'The search worker',
  });
}

/** What the index follows: the workspace's listing and its reads of a result. */
export interface SearchSource extends UnitSource {
  library(): Promise<LibraryEntry[]>;
}

export interface SearchIndexOptions {
  saveDelayMs?: number;
  workerPath?: string;
  /** Hears each worker as it starts (tests end one to see search recover). */
  onWorker?: (worker: Worker) => void;
}

/** The requests main asks the worker, each answered once. */
type RequestBody =
  | { type: 'open'; path: string; saveDelayMs?: number }
  | { type: 'query'; text: string; limit: number }
  | { type: 'idle' }
  | { type: 'close'; withinMs: number };

interface Pending {
  body: RequestBody;
  /** The worker it was last posted to. */
  postedTo: Worker | null;
  /** Workers that died with it under way: one that keeps killing the worker is refused in the end. */
  deaths: number;
  resolve(answer: WorkerAnswer): void;
  reject(error: AppError): void;
}

/** A request under way when this many workers in a row died is refused (it may be what kills them). */
const MAX_DEATHS_PER_REQUEST = 3;
/** Workers dying this close together are restarted after a pause, not in a tight loop. */
const QUICK_DEATHS = { count: 5, withinMs: 10_000, pauseMs: 5_000 };

/**
 * Full text over the workspace (see SearchEngine, which holds the index): main's side. The index
 * lives in a worker thread (searchWorker.ts), so opening its file, building, updating and
 * querying it never hold main's event loop; this class only passes messages. In order: the
 * worker is told the results the workspace lists before any query or update after them, and a
 * query first reads the listing itself, so a result trashed is never answered, even before the
 * index catches up. A query before the index is open waits for it; while it is being built, a
 * query is answered from what is indexed and says how many results are pending. A worker that
 * dies is started again at once: it opens the file as last written and catches up with the
 * workspace, and the requests it had under way are asked again.
 */
export class SearchIndex {
  readonly path: string;
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private opened: Promise<void> | null = null;
  /** id → createdAt of the results the current worker was last told; null: tell it the whole listing. */
  private told: Map<string, string> | null = null;
  /** Listing reads, one after another, so what the worker is told never goes back in time. */
  private listing: Promise<LibraryEntry[]> = Promise.resolve([]);
  private lastSize = 0;
  private deathTimes: number[] = [];
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    workspaceRoot: string,
    private readonly source: SearchSource,
    private readonly logger: Logger,
    private readonly options: SearchIndexOptions = {},
  ) {
    this.path = join(workspaceRoot, 'search', 'index.json');
  }

  /** Opens the index file in the worker (or starts it empty) and syncs it with the workspace in the background. */
  start(): Promise<void> {
    if (!this.opened) {
      try {
        if (!this.worker) this.spawn();
      } catch (error) {
        return Promise.reject(error as Error);
      }
      const opened = this.request({ type: 'open', path: this.path, ...this.saveDelay() }).then((answer) => this.note(answer));
      // Not opened (its worker could not start): the next call tries again.
      opened.catch(() => {
        if (this.opened === opened) this.opened = null;
      });
      this.opened = opened;
      void this.tell().catch((error: unknown) => this.logger.warn('search index not told of the workspace', { error: String(error) }));
    }
    return this.opened;
  }

  /** The workspace changed: what it lists now is indexed (in the background). */
  changed(): void {
    if (this.opened && !this.closed)
      void this.tell().catch((error: unknown) => this.logger.warn('search index not told of a change', { error: String(error) }));
  }

  /** Settles once the index holds everything the workspace lists (tests, the bench). */
  async idle(): Promise<void> {
    await this.start();
    await this.tell();
    this.note(await this.request({ type: 'idle' }));
  }

  async query(text: string, limit = DEFAULT_SEARCH_LIMIT): Promise<SearchAnswer> {
    const query = text.trim();
    if (Array.from(query).length > MAX_QUERY_LENGTH) {
      throw new AppError({
        code: 'query_too_long',
        message: `A search can be at most ${MAX_QUERY_LENGTH} characters; this one has ${Array.from(query).length}.`,
        hint: 'Search for a few words of the text instead.',
      });
    }
    await this.start();
    // Read now and told first: a hit of a result gone since the worker last heard is never answered.
    const library = await this.tell();
    const answer = await this.request({ type: 'query', text: query, limit });
    this.note(answer);
    if (answer.kind !== 'query') throw new Error('the search worker answered a query with something else');
    const names = new Map(library.map((entry) => [entry.document.id, entry.document.name]));
    const groups = new Map<string, SearchGroup>();
    for (const { documentId, hit } of answer.hits) {
      let group = groups.get(documentId);
      if (!group) {
        group = { documentId, documentName: names.get(documentId) ?? 'document', hits: [] };
        groups.set(documentId, group);
      }
      group.hits.push(hit);
    }
    return { groups: [...groups.values()], count: answer.count, truncated: answer.truncated, pending: answer.pending };
  }

  /**
   * At quit: nothing more is indexed, and the worker writes the index if a change waits, then
   * ends. Bounded: a result being read may take long (its model built); then what is indexed is
   * not written, and the next start syncs again from the file it finds.
   */
  async close(withinMs = 3_000): Promise<void> {
    if (this.closed) return;
    const worker = this.worker;
    if (worker && this.opened) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, withinMs + 1_000);
      });
      await Promise.race([this.request({ type: 'close', withinMs }).catch(() => undefined), bound]);
      clearTimeout(timer);
    }
    this.closed = true;
    clearTimeout(this.restartTimer);
    this.worker = null;
    for (const pending of this.pending.values()) pending.reject(closedError());
    this.pending.clear();
    await worker?.terminate();
  }

  /** How many units are indexed, as of the worker's last answer (the bench, tests). */
  get size(): number {
    return this.lastSize;
  }

  private saveDelay(): { saveDelayMs?: number } {
    return this.options.saveDelayMs !== undefined ? { saveDelayMs: this.options.saveDelayMs } : {};
  }

  private note(answer: WorkerAnswer): void {
    if ('size' in answer) this.lastSize = answer.size;
  }

  /** Reads the listing (after any read before it) and tells the worker if it changed since it last heard. */
  private tell(): Promise<LibraryEntry[]> {
    const next = this.listing
      .catch(() => [])
      .then(async () => {
        const library = await this.source.library();
        this.post(library);
        return library;
      });
    this.listing = next;
    return next;
  }

  private post(library: LibraryEntry[]): void {
    const worker = this.worker;
    if (!worker) return;
    // Compared in place (every query does this on main); only what changed crosses to the worker.
    if (this.told && sameListing(library, this.told)) return;
    const told = this.told;
    const now = new Map<string, string>();
    const listed: ListedResult[] = [];
    for (const entry of library)
      for (const r of entry.results) {
        now.set(r.id, r.createdAt);
        if (told?.get(r.id) !== r.createdAt) listed.push(listedResult(r));
      }
    const gone = told ? [...told.keys()].filter((id) => !now.has(id)) : [];
    this.told = now;
    worker.postMessage({ type: 'library', reset: told === null, listed, gone } satisfies ToSearchWorker);
  }

  private request(body: RequestBody): Promise<WorkerAnswer> {
    if (this.closed) return Promise.reject(closedError());
    const id = this.nextId++;
    return new Promise<WorkerAnswer>((resolve, reject) => {
      const pending: Pending = { body, postedTo: null, deaths: 0, resolve, reject };
      this.pending.set(id, pending);
      this.postRequest(id, pending);
    });
  }

  private postRequest(id: number, pending: Pending): void {
    if (!this.worker || pending.postedTo === this.worker) return;
    pending.postedTo = this.worker;
    this.worker.postMessage({ ...pending.body, id } as ToSearchWorker);
  }

  private spawn(): void {
    let worker: Worker;
    try {
      worker = new Worker(this.options.workerPath ?? findSearchWorker());
    } catch (error) {
      const appError = error instanceof AppError ? error : new AppError({ code: 'search_unavailable', message: String(error) });
      for (const pending of this.pending.values()) pending.reject(appError);
      this.pending.clear();
      throw appError;
    }
    // An index kept in the background never keeps a process alive (a script, a test) on its own.
    worker.unref();
    worker.on('message', (message: FromSearchWorker) => this.heard(worker, message));
    worker.on('error', (error) => this.lost(worker, String(error)));
    worker.on('exit', (code) => this.lost(worker, `exit code ${code}`));
    this.worker = worker;
    this.told = null;
    this.options.onWorker?.(worker);
  }

  private heard(worker: Worker, message: FromSearchWorker): void {
    if (worker !== this.worker) return;
    switch (message.type) {
      case 'answer': {
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        if (message.ok) pending.resolve(message.value);
        else pending.reject(new AppError(message.error));
        return;
      }
      case 'read':
        void this.answerRead(worker, message);
        return;
      case 'log':
        this.logger[message.level](message.message, message.fields);
        return;
    }
  }

  private async answerRead(worker: Worker, message: Extract<FromSearchWorker, { type: 'read' }>): Promise<void> {
    let reply: ToSearchWorker;
    try {
      const value =
        message.what === 'model' ? (await this.source.resultModel(message.resultId)).model : await this.source.result(message.resultId);
      reply = { type: 'read', id: message.id, ok: true, value };
    } catch (error) {
      reply = { type: 'read', id: message.id, ok: false, error: String(error).slice(0, 500) };
    }
    if (worker === this.worker) worker.postMessage(reply);
  }

  /** The worker died: a new one opens the file and catches up; what was under way is asked again. */
  private lost(worker: Worker, why: string): void {
    if (worker !== this.worker || this.closed) return;
    this.worker = null;
    this.logger.warn('search worker stopped; starting it again', { why });
    for (const [id, pending] of this.pending) {
      if (++pending.deaths < MAX_DEATHS_PER_REQUEST) continue;
      this.pending.delete(id);
      pending.reject(
        new AppError({
          code: 'search_failed',
          message: 'The search stopped three times while answering this.',
          hint: 'Try other words; the search index is being rebuilt.',
        }),
      );
    }
    const now = Date.now();
    this.deathTimes = [...this.deathTimes.filter((t) => now - t < QUICK_DEATHS.withinMs), now];
    const pause = this.deathTimes.length >= QUICK_DEATHS.count ? QUICK_DEATHS.pauseMs : 0;
    this.restartTimer = setTimeout(() => this.restart(), pause);
    this.restartTimer.unref();
  }

  private restart(): void {
    if (this.closed || this.worker) return;
    try {
      this.spawn();
    } catch (error) {
      this.logger.warn('search worker could not start again', { error: String(error) });
      // The next request tries again.
      this.opened = null;
      return;
    }
    // In order: open, the listing, then whatever was under way (an open under way is that open).
    const open = [...this.pending].find(([, p]) => p.body.type === 'open');
    if (open) this.postRequest(...open);
    else void this.request({ type: 'open', path: this.path, ...this.saveDelay() }).catch(() => undefined);
    void this.tell()
      .catch((error: unknown) => this.logger.warn('search index not told of the workspace', { error: String(error) }))
      .finally(() => {
        for (const [id, pending] of [...this.pending].sort(([a], [b]) => a - b)) this.postRequest(id, pending);
      });
  }
}

function sameListing(library: LibraryEntry[], told: Map<string, string>): boolean {
  let count = 0;
  for (const entry of library)
    for (const r of entry.results) {
      if (told.get(r.id) !== r.createdAt) return false;
      count++;
    }
  return count === told.size;
}

function closedError(): AppError {
  return new AppError({ code: 'search_closed', message: 'The search is closed: the app is quitting.' });
}
