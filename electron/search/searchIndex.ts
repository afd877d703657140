import { readFile, rm } from 'node:fs/promises';
import MiniSearch, { type SearchResult } from 'minisearch';
import { z } from 'zod';
import type { SearchHit } from '../../shared/ipc/search.js';
import type { ResultKind } from '../../shared/result.js';
import { writeFileAtomic } from '../storage/fsAtomic.js';
import type { ListedResult, SkippedResult, WorkerHit } from './searchProtocol.js';
import { snippetOf } from './snippet.js';
import { MAX_KEPT_TEXT, unitsOfResult, type SearchUnit, type UnitSource } from './searchUnits.js';

/** Bumped when what is indexed or how it is stored changes: a file of another version is rebuilt. */
export const SEARCH_FORMAT_VERSION = 1;

/** How long after the last change the index file is written: a burst of changes (a batch) writes it once. */
const SAVE_DELAY_MS = 2_000;
/** A burst of changes (a batch), or a long build, still writes the index this often: a restart goes on from there. */
const SAVE_MAX_WAIT_MS = 30_000;

/** What the index stores per unit (short keys: 5,000 documents' worth is written to disk). */
interface IndexedUnit {
  id: string;
  /** document id, result id, result kind, target, node id or field path, page, range start and end */
  d: string;
  r: string;
  k: ResultKind;
  t: SearchUnit['target'];
  f: string;
  p: number | null;
  s: number;
  e: number;
  /** The text, searched (not stored). */
  x: string;
  /** The text kept for the snippet, cut at MAX_KEPT_TEXT. */
  y: string;
  /** A field's path in words, searched. */
  l: string;
}

/** Accents and case do not matter: `resume` finds `Résumé`. */
export function normalizeTerm(term: string): string {
  return term
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

const OPTIONS = {
  fields: ['x', 'l'],
  storeFields: ['d', 'r', 'k', 't', 'f', 'p', 's', 'e', 'y'],
  processTerm: (term: string) => normalizeTerm(term) || null,
  // Units of replaced and removed results are discarded at once and swept out in the background.
  autoVacuum: { minDirtCount: 2_000, minDirtFactor: 0.2, batchSize: 2_000, batchWait: 10 },
  // Each term is found as typed and as the start of a word (from 3 letters).
  searchOptions: {
    boost: { x: 2, l: 1 },
    combineWith: 'AND' as const,
    prefix: (term: string) => term.length >= 3,
  },
};

/**
 * Asked only when the words as typed find fewer places than asked for: a typo or two in a long
 * word (not in one with digits: `ref04321` is not `ref04331`), never more than two edits, so a
 * long word cannot make a query slow. A common word never pays for it.
 */
const FUZZY = { fuzzy: (term: string) => (term.length >= 5 && !/\d/.test(term) ? 0.2 : false), maxFuzzy: 2 };

/** What the index holds of each result: the summary's stamp it was made from and how many units it has. */
const indexedResultSchema = z.object({ createdAt: z.string(), documentId: z.string(), units: z.number().int().min(0) }).strict();
type IndexedResult = z.infer<typeof indexedResultSchema>;

const fileSchema = z.object({
  version: z.literal(SEARCH_FORMAT_VERSION),
  results: z.record(z.string(), indexedResultSchema),
  index: z.record(z.string(), z.unknown()),
});

export interface EngineLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** What a query finds, before main names the documents. */
export interface EngineAnswer {
  hits: WorkerHit[];
  count: number;
  truncated: boolean;
  pending: number;
  /** Listed results not indexed because a worker died reading them. */
  skipped: number;
}

export interface RunOptions {
  saveDelayMs?: number | undefined;
  /** How often a long sync writes what it has indexed so far (SAVE_MAX_WAIT_MS unless told). */
  progressSaveMs?: number | undefined;
  /** Results a worker died reading: not read while listed with that stamp. */
  skip?: SkippedResult[] | undefined;
  /** Heard by main: the result being read (null: done), and each sync that ends. */
  events?: { indexing(result: ListedResult | null): void; synced(): void } | undefined;
}

/**
 * The index itself, run in the search worker (searchWorker.ts), off main's event loop: every
 * block of every parse and analyzer result and every extracted value, each kept with where it is
 * (result, node or field path, page, range), so a hit opens at the exact place. MiniSearch holds
 * it: pure JavaScript, small, serializable as JSON, with prefix and fuzzy matching.
 *
 * Kept as `workspace/search/index.json` (written atomically, with a format version), a copy
 * of what the results say: one missing, unreadable, damaged or of another version is removed,
 * logged and built again. The workspace stays the truth: main sends the results it lists
 * (`setListed`) at start and after every change, and the index follows them (a result added or
 * saved again under its id is indexed, one gone is dropped), one result per turn of the event
 * loop, so a query meanwhile is answered from what is indexed and says how many results are
 * still pending. Only hits of results listed now, as indexed, are answered. A long pass writes
 * what it has every SAVE_MAX_WAIT_MS; results main says a worker died reading are not read
 * (until saved again) and are counted in every answer.
 */
export class SearchIndex {
  private index = new MiniSearch<IndexedUnit>(OPTIONS);
  private indexed = new Map<string, IndexedResult>();
  /** The results main lists now; null until it first says. */
  private listed: Map<string, ListedResult> | null = null;
  /** Counts changes of the listing: a pass that sees it change starts again from it. */
  private listing = 0;
  private loaded: Promise<void> | null = null;
  /** The file is read: syncing may start (before, it would index again what the file holds). */
  private ready = false;
  private syncing: Promise<void> | null = null;
  private again = false;
  private pendingCount = 0;
  private unsaved = false;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private saveWaitingSince: number | null = null;
  private closed = false;
  /** The last write of the index file asked for (see save). */
  private writing: Promise<void> = Promise.resolve();
  /** id → createdAt of the results not read (see RunOptions.skip). */
  private readonly skip: Map<string, string>;

  constructor(
    readonly path: string,
    private readonly source: UnitSource,
    private readonly log: EngineLog,
    private readonly options: RunOptions = {},
  ) {
    this.skip = new Map((options.skip ?? []).map((r) => [r.id, r.createdAt]));
  }

  /** Opens the index file (or starts empty); syncing starts once main has listed the results. */
  start(): Promise<void> {
    if (!this.loaded) {
      this.loaded = this.load().then(() => {
        this.ready = true;
        this.requestSync();
      });
    }
    return this.loaded;
  }

  /** The results the workspace lists now: what is not indexed yet is (in the background). */
  setListed(results: ListedResult[]): void {
    this.changeListed({ reset: true, listed: results, gone: [] });
  }

  /** What the workspace lists changed (see the `library` message). */
  changeListed(change: { reset: boolean; listed: ListedResult[]; gone: string[] }): void {
    if (change.reset || !this.listed) this.listed = new Map();
    for (const id of change.gone) this.listed.delete(id);
    for (const r of change.listed) this.listed.set(r.id, r);
    this.listing++;
    this.requestSync();
  }

  /** Settles once the index holds everything listed. */
  async idle(): Promise<void> {
    await this.start();
    while (this.syncing) await this.syncing;
  }

  async query(query: string, limit: number): Promise<EngineAnswer> {
    await this.start();
    if (!query) return { hits: [], count: 0, truncated: false, pending: this.pendingCount, skipped: this.skippedCount() };
    const listed = this.listed ?? new Map<string, ListedResult>();
    // Only hits of results listed now, as indexed (a result saved again under its id waits for its new units).
    const live = (hit: SearchResult) => {
      const result = listed.get(hit.r as string);
      return result !== undefined && this.indexed.get(result.id)?.createdAt === result.createdAt;
    };
    let found = this.index.search(query, { filter: live });
    if (found.length < limit) found = this.index.search(query, { ...FUZZY, filter: live });
    return {
      hits: found.slice(0, limit).map((hit) => ({ documentId: hit.d as string, hit: toHit(hit) })),
      count: Math.min(found.length, limit),
      truncated: found.length > limit,
      pending: this.pendingCount,
      skipped: this.skippedCount(),
    };
  }

  private skippedCount(): number {
    let count = 0;
    for (const [id, createdAt] of this.skip) if (this.listed?.get(id)?.createdAt === createdAt) count++;
    return count;
  }

  private skipped(result: ListedResult): boolean {
    return this.skip.get(result.id) === result.createdAt;
  }

  /**
   * At quit: nothing more is indexed, and the index is written if a change waits. Bounded: the
   * result being read when it is called may take long (its model built); then what is indexed
   * is not written, and the next start syncs again from the file it finds.
   */
  async close(withinMs: number): Promise<void> {
    this.closed = true;
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), withinMs);
    });
    try {
      if ((await Promise.race([this.syncing ?? Promise.resolve(), bound])) !== 'late') await this.save();
    } catch (error) {
      this.log.warn('search index not saved', { error: String(error) });
    } finally {
      clearTimeout(timer);
    }
  }

  /** How many units are indexed. */
  get size(): number {
    return this.index.documentCount;
  }

  private async load(): Promise<void> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.log.warn('search index unreadable, building it again', { error: String(error) });
      return;
    }
    try {
      const saved = fileSchema.parse(JSON.parse(text));
      const index = await MiniSearch.loadJSAsync<IndexedUnit>(saved.index as never, OPTIONS);
      const units = Object.values(saved.results).reduce((sum, r) => sum + r.units, 0);
      if (index.documentCount !== units) throw new Error(`it holds ${index.documentCount} units where its results list ${units}`);
      this.index = index;
      this.indexed = new Map(Object.entries(saved.results));
    } catch (error) {
      this.log.warn('search index damaged or of another version, building it again', {
        error: (error instanceof Error ? error.message : String(error)).slice(0, 300),
      });
      await rm(this.path, { force: true });
    }
  }

  private requestSync(): void {
    if (this.closed || !this.ready || !this.listed) return;
    if (this.syncing) {
      this.again = true;
      return;
    }
    this.syncing = this.syncLoop().finally(() => {
      this.syncing = null;
    });
  }

  private async syncLoop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.syncOnce();
      } catch (error) {
        this.log.warn('search index not synced', { error: String(error) });
      }
    } while (this.again && !this.closed);
    this.pendingCount = 0;
    if (this.unsaved) this.scheduleSave();
    if (!this.closed) this.options.events?.synced();
  }

  /** One pass: what is gone (or saved again) leaves the index, what is new is added, one result per turn. */
  private async syncOnce(): Promise<void> {
    const wanted = new Map(this.listed);
    const listing = this.listing;
    for (const [id, indexed] of this.indexed) {
      if (wanted.get(id)?.createdAt !== indexed.createdAt) this.drop(id, indexed);
    }
    const todo = [...wanted.values()].filter((r) => !this.indexed.has(r.id) && !this.skipped(r));
    this.pendingCount = todo.length;
    let savedAt = Date.now();
    for (const result of todo) {
      // A new listing meanwhile: the next pass starts from it (this result may be gone already).
      if (this.closed || this.listing !== listing) return;
      this.options.events?.indexing(result);
      await this.add(result);
      this.options.events?.indexing(null);
      this.pendingCount--;
      // A long build writes what it has so far (between two results: one consistent state).
      if (this.unsaved && Date.now() - savedAt >= (this.options.progressSaveMs ?? SAVE_MAX_WAIT_MS)) {
        await this.save().catch((error: unknown) => this.log.warn('search index not saved', { error: String(error) }));
        savedAt = Date.now();
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async add(result: ListedResult): Promise<void> {
    let units: SearchUnit[];
    try {
      units = await unitsOfResult(this.source, result);
    } catch (error) {
      // Unreadable: recorded with no units, so it is not read again until it changes.
      this.log.warn('result not indexed for search', { id: result.id, error: String(error).slice(0, 300) });
      units = [];
    }
    // Dropped or replaced while its units were read: the next pass sees it. Gone meanwhile (its read
    // failed because it was trashed): not recorded, so a restore indexes it.
    if (this.indexed.has(result.id) || this.listed?.get(result.id)?.createdAt !== result.createdAt) return;
    this.index.addAll(
      units.map((unit, n) => ({
        id: `${result.id}/${n}`,
        d: result.documentId,
        r: result.id,
        k: result.kind,
        t: unit.target,
        f: unit.ref,
        p: unit.page,
        s: unit.start,
        e: unit.end,
        x: unit.text,
        y: unit.text.length > MAX_KEPT_TEXT ? unit.text.slice(0, MAX_KEPT_TEXT) : unit.text,
        l: unit.label,
      })),
    );
    this.indexed.set(result.id, { createdAt: result.createdAt, documentId: result.documentId, units: units.length });
    this.unsaved = true;
  }

  private drop(id: string, indexed: IndexedResult): void {
    try {
      for (let n = 0; n < indexed.units; n++) this.index.discard(`${id}/${n}`);
    } catch (error) {
      // The saved list and the index disagree (a file damaged in a way that still parses): start
      // over from the workspace rather than stop at this result on every pass.
      this.log.warn('search index inconsistent, building it again', { error: String(error).slice(0, 300) });
      this.index = new MiniSearch<IndexedUnit>(OPTIONS);
      this.indexed.clear();
      this.again = true;
      this.unsaved = true;
      return;
    }
    this.indexed.delete(id);
    this.unsaved = true;
  }

  /** Written once changes stop for a moment, and at least every SAVE_MAX_WAIT_MS while they go on (a batch). */
  private scheduleSave(): void {
    if (this.closed) return;
    const now = Date.now();
    this.saveWaitingSince ??= now;
    if (this.saveTimer) {
      if (now - this.saveWaitingSince >= SAVE_MAX_WAIT_MS) return;
      clearTimeout(this.saveTimer);
    }
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saveWaitingSince = null;
      // Never under a sync: what is written is one consistent state.
      if (this.syncing) return this.scheduleSave();
      this.save().catch((error: unknown) => this.log.warn('search index not saved', { error: String(error) }));
    }, this.options.saveDelayMs ?? SAVE_DELAY_MS);
  }

  /**
   * Writes what is indexed if it changed since the last write. One write at a time, each after
   * the one under way: close's write then waits for a delayed write already started (the worker
   * is ended once close answers, which would cut that write off before its rename).
   */
  private save(): Promise<void> {
    const next = this.writing.catch(() => undefined).then(() => this.write());
    this.writing = next;
    return next;
  }

  private async write(): Promise<void> {
    if (!this.unsaved) return;
    this.unsaved = false;
    const text = `{"version":${SEARCH_FORMAT_VERSION},"results":${JSON.stringify(Object.fromEntries(this.indexed))},"index":${JSON.stringify(this.index)}}`;
    try {
      await writeFileAtomic(this.path, text);
    } catch (error) {
      this.unsaved = true;
      throw error;
    }
  }
}

function toHit(hit: SearchResult): SearchHit {
  const start = hit.s as number;
  const end = hit.e as number;
  return {
    resultId: hit.r as string,
    kind: hit.k as ResultKind,
    target: hit.t as SearchHit['target'],
    ref: hit.f as string,
    page: (hit.p as number | null) ?? null,
    range: start >= 0 && end >= start ? { start, end } : null,
    snippet: snippetOf(hit.y as string, hit.terms),
    score: hit.score,
  };
}
