import { rename } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import { boundedWait } from '../core/boundedWait.js';
import { DEFAULT_SEARCH_LIMIT, MAX_QUERY_LENGTH, type SearchAnswer, type SearchGroup } from '../../shared/ipc/search.js';
import type { LibraryEntry } from '../../shared/library.js';
import { activeConfig } from '../core/config.js';
import { PARSER_HOST_GONE, parserHost, type HostedWorker } from '../parserHost/parserHost.js';
import type { Logger } from '../core/log.js';
import { findWorkerFile } from '../core/workerFile.js';
import {
  listedResult,
  type FromSearchWorker,
  type ListedResult,
  type SkippedResult,
  type ToSearchWorker,
  type WorkerAnswer,
} from './searchProtocol.js';
import { folderIn } from '../workspace/layout.js';

export { normalizeTerm, SEARCH_FORMAT_VERSION } from './searchIndex.js';

/** The bundled search worker (GROUNDWORK_SEARCH_WORKER overrides). */
export function findSearchWorker(): string {
  return findWorkerFile('search-worker.mjs', {
    override: activeConfig().searchWorker,
    code: 'search_unavailable',
    name: 'The search worker',
  });
}

/** What the index follows: the workspace's listing, its models, and where a result's response is on disk. */
export interface SearchSource {
  library(): Promise<LibraryEntry[]>;
  resultModel(id: string): Promise<{ model: Uint8Array }>;
  resultResponsePath(id: string): string;
}

export interface SearchIndexOptions {
  saveDelayMs?: number;
  /** How often a long build writes what it has so far (the engine's default unless told). */
  progressSaveMs?: number;
  /** The worker's heap ceiling: past it the worker dies (out of memory) and the result it was reading is skipped. */
  maxHeapMb?: number;
  workerPath?: string;
  /** Hears each worker as it starts (tests end one to see search recover). */
  onWorker?: (worker: HostedWorker) => void;
}

/** The requests main asks the worker, each answered once. */
type RequestBody =
  | { type: 'open'; path: string; saveDelayMs?: number; progressSaveMs?: number; skip: SkippedResult[] }
  | { type: 'query'; text: string; limit: number }
  | { type: 'idle' }
  | { type: 'close'; withinMs: number };

interface Pending {
  body: RequestBody;
  /** The worker it was last posted to. */
  postedTo: HostedWorker | null;
  /** Workers that died with it under way: one that keeps killing the worker is refused in the end. */
  deaths: number;
  resolve(answer: WorkerAnswer): void;
  reject(error: AppError): void;
}

/** A request under way when this many workers in a row died is refused (it may be what kills them). */
const MAX_DEATHS_PER_REQUEST = 3;
/** Workers dying this many times while opening the index file: the file is set aside and the index built again. */
const OPEN_DEATHS_BEFORE_SET_ASIDE = 2;
/** Workers dying this many times in a row (no sync completed between): no more are started until the workspace changes. */
const MAX_CONSECUTIVE_DEATHS = 5;
/** The search worker's heap ceiling: a response of 50 MB parses to a few hundred MB. */
const DEFAULT_MAX_HEAP_MB = 2_048;

/**
 * Full text over the workspace (see SearchIndex, which holds the index): main's side. The index
 * lives in a worker thread (searchWorker.ts), so opening its file, building, updating and
 * querying it never hold main's event loop; this class only passes messages. In order: the
 * worker is told the results the workspace lists before any query or update after them, and a
 * query first reads the listing itself, so a result trashed is never answered, even before the
 * index catches up. A query before the index is open waits for it; while it is being built, a
 * query is answered from what is indexed and says how many results are pending. A worker that
 * dies is started again at once: it opens the file as last written and catches up with the
 * workspace, and the requests it had under way are asked again. Out of a crash loop: a result a
 * worker died reading is skipped by the next (logged, and counted in every answer); an index
 * file that kills the worker while opening is set aside and built again; and after
 * MAX_CONSECUTIVE_DEATHS in a row search answers `search_unavailable` until the workspace
 * changes (or the app starts again).
 */
export class SearchClient {
  readonly path: string;
  private worker: HostedWorker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private opened: Promise<void> | null = null;
  /** id → createdAt of the results the current worker was last told; null: tell it the whole listing. */
  private told: Map<string, string> | null = null;
  /** Listing reads, one after another, so what the worker is told never goes back in time. */
  private listing: Promise<LibraryEntry[]> = Promise.resolve([]);
  private lastSize = 0;
  /** The result the current worker is reading, if any: the one skipped if it dies. */
  private reading: SkippedResult | null = null;
  private readonly skip = new Map<string, string>();
  private openDeaths = 0;
  private consecutiveDeaths = 0;
  /** Set after MAX_CONSECUTIVE_DEATHS: every request is refused with it until the workspace changes. */
  private unavailable: AppError | null = null;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    workspaceRoot: string,
    private readonly source: SearchSource,
    private readonly logger: Logger,
    private readonly options: SearchIndexOptions = {},
  ) {
    this.path = join(folderIn(workspaceRoot, 'search'), 'index.json');
  }

  /** Opens the index file in the worker (or starts it empty) and syncs it with the workspace in the background. */
  start(): Promise<void> {
    if (this.unavailable) return Promise.reject(this.unavailable);
    if (!this.opened) {
      try {
        if (!this.worker) this.spawn();
      } catch (error) {
        return Promise.reject(error as Error);
      }
      const opened = this.request(this.openBody()).then((answer) => this.note(answer));
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
    if (this.unavailable && !this.closed) {
      // A change may be what cures it (the result that killed the workers trashed): try again.
      this.unavailable = null;
      this.consecutiveDeaths = 0;
      void this.start().catch((error: unknown) => this.logger.warn('search index not opened', { error: String(error) }));
      return;
    }
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
    if (answer.kind !== 'query') {
      throw new AppError({
        code: 'search_failed',
        message: `The search worker answered a query with ${answer.kind}.`,
        hint: 'Search again; if it keeps failing, the log says why.',
      });
    }
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
    return {
      groups: [...groups.values()],
      count: answer.count,
      truncated: answer.truncated,
      pending: answer.pending,
      skipped: answer.skipped,
    };
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
      await boundedWait(
        this.request({ type: 'close', withinMs }).catch(() => undefined),
        withinMs + 1_000,
      );
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

  private openBody(): RequestBody {
    return {
      type: 'open',
      path: this.path,
      ...(this.options.saveDelayMs !== undefined ? { saveDelayMs: this.options.saveDelayMs } : {}),
      ...(this.options.progressSaveMs !== undefined ? { progressSaveMs: this.options.progressSaveMs } : {}),
      skip: [...this.skip].map(([id, createdAt]) => ({ id, createdAt })),
    };
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
    if (this.unavailable) return Promise.reject(this.unavailable);
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
    let worker: HostedWorker;
    try {
      // The results it reads are services' answers (untrusted JSON): read in the parser host, never in main.
      worker = parserHost.spawn(this.options.workerPath ?? findSearchWorker(), {
        maxOldGenerationSizeMb: this.options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB,
      });
    } catch (error) {
      const appError =
        error instanceof AppError
          ? error
          : new AppError({
              code: 'search_unavailable',
              message: `The search worker could not start: ${String(error)}`,
              hint: 'Restart Groundwork; if search stays unavailable, the log says why.',
            });
      for (const pending of this.pending.values()) pending.reject(appError);
      this.pending.clear();
      throw appError;
    }
    // An index kept in the background never keeps a process alive (a script, a test) on its own.
    worker.unref();
    worker.on('message', (message: FromSearchWorker) => this.heard(worker, message));
    worker.on('error', (error: Error & { code?: string }) => this.lost(worker, String(error), error.code === PARSER_HOST_GONE));
    worker.on('exit', (code) => this.lost(worker, `exit code ${code}`));
    this.worker = worker;
    this.told = null;
    this.reading = null;
    this.options.onWorker?.(worker);
  }

  private heard(worker: HostedWorker, message: FromSearchWorker): void {
    if (worker !== this.worker) return;
    switch (message.type) {
      case 'answer': {
        const pending = this.pending.get(message.id);
        if (!pending) return;
        this.pending.delete(message.id);
        if (message.ok && pending.body.type === 'open') this.openDeaths = 0;
        if (message.ok) pending.resolve(message.value);
        else pending.reject(new AppError(message.error));
        return;
      }
      case 'read':
        void this.answerRead(worker, message);
        return;
      case 'indexing':
        this.reading =
          message.resultId !== null && message.createdAt !== null ? { id: message.resultId, createdAt: message.createdAt } : null;
        return;
      case 'synced':
        this.consecutiveDeaths = 0;
        return;
      case 'log':
        this.logger[message.level](message.message, message.fields);
        return;
    }
  }

  private async answerRead(worker: HostedWorker, message: Extract<FromSearchWorker, { type: 'read' }>): Promise<void> {
    let reply: ToSearchWorker;
    try {
      const value =
        message.what === 'model'
          ? (await this.source.resultModel(message.resultId)).model
          : this.source.resultResponsePath(message.resultId);
      reply = { type: 'read', id: message.id, ok: true, value };
    } catch (error) {
      reply = { type: 'read', id: message.id, ok: false, error: String(error).slice(0, 500) };
    }
    if (worker === this.worker) worker.postMessage(reply);
  }

  /**
   * The worker died: a new one opens the file and catches up; what was under way is asked again.
   * What it was reading is skipped; an index file it keeps dying on while opening is set aside;
   * after MAX_CONSECUTIVE_DEATHS no new one is started (until the workspace changes).
   */
  private lost(worker: HostedWorker, why: string, hostGone = false): void {
    if (worker !== this.worker || this.closed) return;
    this.worker = null;
    const reading = this.reading;
    this.reading = null;
    // The whole parser host died (the engine's crash, or it was killed): nothing the worker was
    // reading or opening is blamed for it; only the deaths in a row still bound the restarts.
    if (reading && hostGone) this.logger.warn('the process search runs in stopped; reading the result again', { id: reading.id, why });
    else if (reading) {
      this.skip.set(reading.id, reading.createdAt);
      this.logger.warn('search worker stopped reading a result; the next one skips it', { id: reading.id, why });
    }
    const opening = !hostGone && [...this.pending.values()].some((p) => p.body.type === 'open');
    const setAside = opening && ++this.openDeaths >= OPEN_DEATHS_BEFORE_SET_ASIDE;
    if (++this.consecutiveDeaths >= MAX_CONSECUTIVE_DEATHS) {
      this.giveUp(why);
      return;
    }
    this.logger.warn('search worker stopped; starting it again', { why });
    for (const [id, pending] of this.pending) {
      // An open has its own way out (set aside, then unavailable); a query or idle may be what kills the worker.
      if (hostGone || pending.body.type === 'open' || ++pending.deaths < MAX_DEATHS_PER_REQUEST) continue;
      this.pending.delete(id);
      pending.reject(
        new AppError({
          code: 'search_failed',
          message: 'The search stopped three times while answering this.',
          hint: 'Try other words; the search index is being rebuilt.',
        }),
      );
    }
    if (!setAside) {
      this.restartTimer = setTimeout(() => this.restart(), 0);
      this.restartTimer.unref();
      return;
    }
    this.openDeaths = 0;
    const aside = join(dirname(this.path), 'index.set-aside.json');
    this.logger.warn('search index file stops the worker while opening; set aside, building it again', { aside });
    void rename(this.path, aside)
      .catch((error: unknown) => this.logger.warn('search index file not set aside', { error: String(error) }))
      .finally(() => this.restart());
  }

  /** Too many deaths in a row: everything waiting, and every request until the workspace changes, is refused. */
  private giveUp(why: string): void {
    this.logger.warn('search worker stopped too often; search unavailable until the workspace changes', {
      why,
      deaths: this.consecutiveDeaths,
    });
    this.unavailable = new AppError({
      code: 'search_unavailable',
      message: `Search stopped working: its worker ended ${this.consecutiveDeaths} times in a row.`,
      hint: 'Search is tried again after the next change to the workspace, or when Groundwork starts again; the log names the results it could not read.',
    });
    this.opened = null;
    for (const pending of this.pending.values()) pending.reject(this.unavailable);
    this.pending.clear();
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
    if (open) {
      // Asked again with what is to be skipped now.
      open[1].body = this.openBody();
      this.postRequest(...open);
    } else void this.request(this.openBody()).catch(() => undefined);
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
  return new AppError({
    code: 'search_closed',
    message: 'The search is closed: the app is quitting.',
    hint: 'Search again once Groundwork has started again.',
  });
}
