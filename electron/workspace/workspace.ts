import { Quarantine } from './quarantine.js';
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '../../shared/errors.js';
import { ulid } from '../../shared/ulid.js';
import { type DocumentInfo } from '../../shared/document.js';
import { TRASH_DAYS, type LibraryEntry, type TrashEntry, type WorkspaceChange } from '../../shared/library.js';
import { parseStoredResult, type ResultInfo, type StoredResult, type StoredResultText } from '../../shared/result.js';
import { documentWarnings } from '../formats/documentWarnings.js';
import { openPossiblyProtectedPdf } from '../engine/protectedPdf.js';
import { requireSupportedDocument } from '../formats/sniff.js';
import { countPdfPagesInWorker } from '../engine/localEngine.js';
import { writeFileAtomic } from '../storage/fsAtomic.js';
import { checkedKey, JsonDirStore } from '../storage/jsonDirStore.js';
import type { Logger } from '../core/log.js';
import { documentInfoSchema, resultInfoSchema, type StoredDocumentInfo } from './schemas.js';
import { Catalog, CatalogFile } from './catalog.js';
import { ModelBuilder } from './modelBuilder.js';
import { boundedWait } from '../core/boundedWait.js';
import { ModelCache } from './modelCache.js';
import { SerialQueue } from './serialQueue.js';
import { DOCUMENT_BYTES_FILE, DOCUMENT_INFO_SUFFIX, RESULT_SUMMARY_SUFFIX, folderIn, responseFile, trashable } from './layout.js';
import { Trash } from './trash.js';

/** How long after a change the catalog file is written again: a burst of changes (a batch) writes it once. */
const CATALOG_SAVE_DELAY_MS = 1000;

/**
 * The local workspace: plain files in a folder, so a user can back it up or share it.
 *   documents/<id>/document.json   name, type, size; <id> is the content hash
 *   documents/<id>/original        the bytes as opened
 *   results/<id>.json              the service's response, verbatim
 *   results/<id>.info.json         its summary (engine, model, pages, credits…): listing never reads responses
 *   models/<id>.model              a parse or analyzer result's model as bytes, derived from its
 *                                  response (modelCache.ts): rebuilt when missing, never listed or exported;
 *                                  a folder of its own, so writing one leaves the catalog's folder stamp alone
 *   reviews/<id>.json              a reviewer's decisions on a result (electron/review/reviews.ts)
 *   trash/<entry>/                 what was deleted, restorable for TRASH_DAYS (trash.ts)
 *   catalog.jsonl                  a copy of every document.json and *.info.json for a fast start (catalog.ts)
 * Every write is atomic; a file that cannot be read is skipped and logged, never fatal.
 * Mutations run one at a time and each is announced through `onChange` once it is on disk.
 * The library is listed from a catalog kept in memory: read once (from catalog.jsonl, or the
 * folders when that cannot be trusted), then updated by each mutation from what it wrote.
 */
export class Workspace {
  readonly root: string;
  private readonly trash: Trash;
  private readonly mutations = new SerialQueue();
  /** Settles once an interrupted trash move is finished; reads wait for it. */
  private recovered: Promise<void> = Promise.resolve();
  private readonly pageCounts = new Map<string, Promise<number | null>>();
  private readonly catalogFile: CatalogFile;
  /** Null until first needed, and again after a mutation failed halfway (the folders are read anew). */
  private catalog: Catalog | null = null;
  /** The folders' stamp the catalog describes, taken after each change made here. */
  private catalogStamp = '';
  /** Whether catalog.jsonl may be on disk: removed before the first change after it was written. */
  private catalogOnDisk: 'maybe' | 'no' = 'maybe';
  /** Set by a mutation once it has begun changing the folders. */
  private changing = false;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  readonly models: ModelCache;
  /** Answers the service sent that could not be read, kept as they arrived (quarantine/). */
  readonly quarantine: Quarantine;
  /** documents/<id>/document.json: what lists a document. */
  private readonly documentInfos: JsonDirStore<StoredDocumentInfo>;
  /** results/<id>.info.json: what lists a result (its response beside it is never parsed to list it). */
  private readonly summaries: JsonDirStore<ResultInfo>;

  constructor(
    dataDir: string,
    readonly logger: Logger,
    private readonly onChange: (change: WorkspaceChange) => void = () => undefined,
    modelBuilder = new ModelBuilder(),
  ) {
    this.root = join(dataDir, 'workspace');
    this.trash = new Trash(this.root, logger);
    this.quarantine = new Quarantine(this.root, logger);
    this.catalogFile = new CatalogFile(this.root, logger);
    this.documentInfos = new JsonDirStore<StoredDocumentInfo>({
      dir: folderIn(this.root, 'documents'),
      schema: documentInfoSchema,
      suffix: DOCUMENT_INFO_SUFFIX,
      label: 'document',
      logger,
      pretty: true,
    });
    this.summaries = new JsonDirStore<ResultInfo>({
      dir: folderIn(this.root, 'results'),
      schema: resultInfoSchema,
      suffix: RESULT_SUMMARY_SUFFIX,
      label: 'result summary',
      logger,
    });
    // A cache file is written in turn with trashing, and only while its result is still there.
    this.models = new ModelCache(
      folderIn(this.root, 'models'),
      folderIn(this.root, 'results'),
      modelBuilder,
      (id, file, stillWanted) =>
        this.mutations.run(async () =>
          stillWanted() && (await this.resultInfo(id)) ? writeFileAtomic(this.models.path(id), file) : undefined,
        ),
      logger,
    );
  }

  /** At start-up: finishes a trash move a crash cut short, then (in the background) removes trash older than TRASH_DAYS. */
  start(now = () => new Date()): Promise<void> {
    this.recovered = this.mutate(async () => {
      // A move finished here changed the folders after the catalog was last written.
      if ((await this.trash.recover()) > 0) await this.beginChange();
    }).catch((error: unknown) => this.logger.error('trash recovery failed', { error: String(error) }));
    const purged = this.mutations.run(async () => {
      // A document gone for good leaves its audit trail: what was decided on it stays on record (and shows again if it is added back).
      const entries = await this.trash.purge(new Date(now().getTime() - TRASH_DAYS * 24 * 60 * 60 * 1000));
      if (entries.length > 0) this.onChange({ change: 'trash' });
    });
    return purged.catch((error: unknown) => this.logger.error('trash purge failed', { error: String(error) }));
  }

  /**
   * Stores a document as it came (an encrypted PDF too: its decrypted form is never written).
   * A PDF that needs a password is refused `password_required` without `password`, which is
   * only checked here, never stored.
   */
  async addDocument(name: string, bytes: Uint8Array, password?: string): Promise<DocumentInfo> {
    const kind = requireSupportedDocument(bytes, name);
    const opened = kind.kind === 'pdf' ? await openPossiblyProtectedPdf(bytes, name, password) : { pageCount: 1, needsPassword: false };
    const { pageCount } = opened;
    const protection = {
      ...(kind.kind === 'pdf' && (kind.encrypted || opened.needsPassword) ? { encrypted: true } : {}),
      ...(opened.needsPassword ? { needsPassword: true } : {}),
    };
    const warnings = documentWarnings(kind, bytes);
    const id = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    return this.mutate(async () => {
      const existing = await this.readDocumentInfo(id);
      if (existing?.pageCount !== undefined) return { ...existing, pageCount: existing.pageCount };
      if (existing) {
        // Stored by an older version: the count made just now is kept with it.
        const counted = { ...existing, pageCount };
        await this.beginChange();
        await this.documentInfos.write(id, counted);
        await this.changed((catalog) => catalog.setDocument(counted));
        return counted;
      }
      const info: DocumentInfo = {
        id,
        name: cleanName(name),
        mime: kind.kind === 'pdf' ? 'application/pdf' : kind.mime,
        size: bytes.length,
        addedAt: new Date().toISOString(),
        pageCount,
        ...protection,
        ...(warnings.length > 0 && { warnings }),
      };
      const dir = this.documentDir(id);
      await this.beginChange();
      // Bytes first, then the description: a document.json always has its original beside it.
      await writeFileAtomic(join(dir, DOCUMENT_BYTES_FILE), bytes);
      await this.documentInfos.write(id, info);
      await this.changed((catalog) => catalog.setDocument(info));
      this.logger.info('document added', { id, size: bytes.length, pages: pageCount, ...protection });
      this.onChange({ change: 'documents', documentId: id });
      return info;
    });
  }

  /** Remembers the web address a document was added from (the latest one, when the same bytes came from several). */
  async setDocumentSource(id: string, sourceUrl: string): Promise<DocumentInfo> {
    const stored = await this.mutate(async () => {
      const info = await this.readDocumentInfo(checkedKey(id));
      if (!info) throw notFound('document');
      if (info.sourceUrl === sourceUrl) return info;
      const updated = { ...info, sourceUrl };
      await this.beginChange();
      await this.documentInfos.write(id, updated);
      await this.changed((catalog) => catalog.setDocument(updated));
      this.onChange({ change: 'documents', documentId: id });
      return updated;
    });
    // Outside the queue: counting an old document's pages queues a write of its own.
    return this.withPageCount(stored);
  }

  async documentInfo(id: string): Promise<DocumentInfo> {
    const info = await this.readDocumentInfo(checkedKey(id));
    if (!info) throw notFound('document');
    return this.withPageCount(info);
  }

  /** Whether the document is in the workspace (not deleted, not in the trash). */
  async hasDocument(id: string): Promise<boolean> {
    return (await this.readDocumentInfo(checkedKey(id))) !== null;
  }

  async documentBytes(id: string): Promise<Uint8Array> {
    const dir = this.documentDir(checkedKey(id));
    try {
      return new Uint8Array(await readFile(join(dir, DOCUMENT_BYTES_FILE)));
    } catch {
      throw notFound('document');
    }
  }

  saveResult(result: Omit<StoredResult, 'id' | 'createdAt'> & { id?: string }): Promise<StoredResult> {
    return this.mutate(async () => {
      // Checked in turn with trashing: a result never lands beside a document that just went to the trash.
      if (!(await this.readDocumentInfo(checkedKey(result.documentId)))) throw notFound('document');
      // An extraction points into its source's Markdown: it is never stored without it.
      if (result.sourceResultId && !(await this.resultInfo(result.sourceResultId))) throw notFound('result');
      const stored: StoredResult = {
        ...result,
        ...sensibleSummary(result),
        id: result.id ?? randomUUID(),
        createdAt: new Date().toISOString(),
      };
      const { response, ...info } = stored;
      await this.beginChange();
      // A result saved again under its id (a job's) gets a new model: the old one goes first.
      await this.models.forget(stored.id);
      // The response first, its summary second: a listed result always has its response on disk.
      await writeFileAtomic(this.resultResponsePath(stored.id), JSON.stringify(response));
      await this.summaries.write(stored.id, info);
      // As it would be read back from the file (JSON drops what is undefined).
      const listed = JSON.parse(JSON.stringify(info)) as ResultInfo;
      await this.changed((catalog) => catalog.setResult(listed));
      this.logger.info('result saved', { id: stored.id, kind: stored.kind, engine: stored.engine });
      this.onChange({ change: 'results', documentId: stored.documentId });
      // Its result model is built now, off the event loop, so the first open finds it ready.
      if (stored.kind !== 'extract') this.models.buildInBackground(stored.id, stored.kind);
      return stored;
    });
  }

  /** Moves a result, the extractions made from it and their reviews to the trash. */
  trashResult(id: string): Promise<TrashEntry> {
    return this.mutate(async () => {
      const result = await this.resultInfo(id);
      if (!result) throw notFound('result');
      const document = await this.storedDocument(result.documentId);
      const extractions = [...(await this.heldCatalog()).results.values()].filter((r) => r.sourceResultId === id);
      const entry = await this.putInTrash('result', document, [result, ...extractions]);
      this.logger.info('result trashed', { id, extractions: extractions.length, entry: entry.id });
      return entry;
    });
  }

  /** Moves what the library's Delete names to the trash: a document with all its results, or one result. */
  moveToTrash(target: { documentId: string } | { resultId: string }): Promise<TrashEntry> {
    return 'documentId' in target ? this.trashDocument(target.documentId) : this.trashResult(target.resultId);
  }

  /** Moves a document with all its results and their reviews to the trash. */
  trashDocument(id: string): Promise<TrashEntry> {
    return this.mutate(async () => {
      const document = await this.storedDocument(id);
      const results = (await this.heldCatalog()).resultsOf(id);
      const entry = await this.putInTrash('document', document, results);
      this.logger.info('document trashed', { id, results: results.length, entry: entry.id });
      return entry;
    });
  }

  async listTrash(): Promise<TrashEntry[]> {
    await this.recovered;
    return this.trash.list();
  }

  /**
   * Puts a trash entry back. A document imported again meanwhile (same content, same id)
   * stays as it is and gets its results back; a result needs its document in the workspace.
   */
  restore(trashId: string): Promise<TrashEntry> {
    return this.mutate(async () => {
      const entry = await this.trash.read(checkedKey(trashId));
      if (entry?.what === 'result' && !(await this.readDocumentInfo(entry.document.id))) {
        throw new AppError({
          code: 'document_not_in_workspace',
          message: `The document of this result, ${entry.document.name}, is not in the workspace.`,
          hint: `Restore ${entry.document.name} from the trash first.`,
        });
      }
      // An extraction trashed before its parse result comes back only with it.
      const sources =
        entry?.what === 'result'
          ? entry.results.map((r) => r.sourceResultId).filter((id): id is string => !!id && !entry.results.some((r) => r.id === id))
          : [];
      for (const source of sources) {
        if (!(await this.resultInfo(source))) {
          throw new AppError({
            code: 'source_not_in_workspace',
            message: 'This extraction was made from a parse result that is not in the workspace any more.',
            hint: 'Restore that parse result from the trash first (it lists its extractions too).',
          });
        }
      }
      await this.beginChange();
      const restored = await this.trash.restore(trashId);
      await this.settle(restored);
      for (const result of restored.results)
        if (result.kind !== 'extract') this.models.buildInBackground(checkedKey(result.id), result.kind);
      this.logger.info('trash restored', { entry: trashId, what: restored.what });
      this.onChange({ change: 'trash', documentId: restored.document.id });
      return restored;
    });
  }

  async result(id: string): Promise<StoredResult> {
    return parseStoredResult(await this.resultText(id));
  }

  /** A stored result's summary, or null when there is none (its response is not read). */
  async resultInfo(id: string): Promise<ResultInfo | null> {
    return this.summaries.read(checkedKey(id));
  }

  /**
   * A parse or analyzer result's summary with its result model as bytes (decodeModel reads
   * them), from the cache beside it or built in the model worker. An extraction has none.
   */
  async resultModel(id: string, options: { rebuild?: boolean | undefined } = {}): Promise<{ result: ResultInfo; model: Uint8Array }> {
    const result = await this.resultInfo(id);
    if (!result) throw notFound('result');
    if (result.kind === 'extract') {
      throw new AppError({
        code: 'not_a_parse_result',
        message: 'An extraction has no result model of its own: it points into its parse result.',
        hint: 'Open the parse result it was made from.',
      });
    }
    return { result, model: await this.models.model(checkedKey(id), result.kind, options.rebuild ? { rebuild: true } : {}) };
  }

  /** A result with its response as the JSON text on disk (not parsed here: it may be 50 MB). */
  async resultText(id: string): Promise<StoredResultText> {
    const [info, responseJson] = await Promise.all([
      this.summaries.read(checkedKey(id)),
      readFile(this.resultResponsePath(id), 'utf8').catch(() => null),
    ]);
    if (!info || responseJson === null) throw notFound('result');
    return { ...info, responseJson };
  }

  /** Where a result's response is kept, as the service sent it (the search worker reads it itself). */
  resultResponsePath(id: string): string {
    return responseFile(this.root, checkedKey(id));
  }

  /** Every document with the summaries of its results, newest first. */
  async library(): Promise<LibraryEntry[]> {
    await this.recovered;
    const catalog = this.catalog ?? (await this.mutations.run(() => this.heldCatalog()));
    const entries = catalog.entries();
    if (entries.every((e) => e.document.pageCount !== undefined)) return entries;
    return Promise.all(
      entries.map(async (e) =>
        e.document.pageCount === undefined ? { ...e, document: await this.withPageCount(e.document as StoredDocumentInfo) } : e,
      ),
    );
  }

  /** Part of the library: only the documents named (one not listed is gone), then only the first entries. */
  async libraryPart(only: { first?: number | undefined; documentIds?: readonly string[] | undefined }): Promise<LibraryEntry[]> {
    const library = await this.library();
    const wanted = only.documentIds ? new Set(only.documentIds) : null;
    const listed = wanted ? library.filter((e) => wanted.has(e.document.id)) : library;
    return only.first === undefined ? listed : listed.slice(0, only.first);
  }

  /** Writes catalog.jsonl now if a change is waiting to be saved (at quit; a bench's end). */
  async flush(): Promise<void> {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    await this.mutations.run(() => this.saveCatalog());
  }

  /**
   * At quit (or before a temporary workspace is removed): the catalog saved if a change is
   * waiting, and every result model under way built and written, so nothing writes after.
   * Bounded: a quit never waits on a long build for more than `withinMs`.
   */
  async close(withinMs = 3_000): Promise<void> {
    await boundedWait(Promise.all([this.flush(), this.models.idle()]), withinMs);
  }

  /** A mutation: one at a time; one that fails after changing the folders leaves the catalog to be read from them again. */
  private mutate<T>(task: () => Promise<T>): Promise<T> {
    return this.mutations.run(async () => {
      try {
        return await task();
      } catch (error) {
        if (this.changing) this.catalog = null;
        throw error;
      } finally {
        this.changing = false;
      }
    });
  }

  /** Caller holds the queue and is about to change the folders: the catalog file goes first. */
  private async beginChange(): Promise<void> {
    this.changing = true;
    if (this.catalogOnDisk === 'no') return;
    await this.catalogFile.remove();
    this.catalogOnDisk = 'no';
  }

  /** Caller holds the queue and has changed the folders as `apply` tells the catalog. */
  private async changed(apply: (catalog: Catalog) => void): Promise<void> {
    if (!this.catalog) return; // not read yet: it will be read from the folders
    apply(this.catalog);
    this.catalogStamp = await this.catalogFile.stamp();
    this.scheduleSave();
  }

  /** After a trash move or restore: the catalog takes what the folders now hold for what moved. */
  private async settle(entry: TrashEntry): Promise<void> {
    if (!this.catalog) return;
    const catalog = this.catalog;
    const document = await this.readDocumentInfo(entry.document.id);
    const results = await Promise.all(entry.results.map(async (r) => [r.id, await this.resultInfo(r.id)] as const));
    await this.changed(() => {
      catalog.settleDocument(entry.document.id, document);
      for (const [id, info] of results) catalog.settleResult(id, info);
    });
  }

  /** Caller holds the queue. */
  private async heldCatalog(): Promise<Catalog> {
    if (this.catalog) return this.catalog;
    const saved = await this.catalogFile.load();
    if (saved) {
      this.catalogStamp = saved.stamp;
      this.catalog = saved.catalog;
      return saved.catalog;
    }
    // load() leaves no file behind that it did not trust.
    this.catalogOnDisk = 'no';
    // Taken first: should the folders change while they are read, the stamps differ and nothing is saved.
    this.catalogStamp = await this.catalogFile.stamp();
    this.catalog = await this.readFolders();
    this.scheduleSave();
    return this.catalog;
  }

  private async readFolders(): Promise<Catalog> {
    return new Catalog(await this.documentInfos.list(), await this.summaries.list());
  }

  private scheduleSave(): void {
    if (this.saveTimer || this.catalogOnDisk === 'maybe') return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.mutations
        .run(() => this.saveCatalog())
        .catch((error: unknown) => this.logger.warn('catalog not saved', { error: String(error) }));
    }, CATALOG_SAVE_DELAY_MS);
    // Never what keeps a process alive: a catalog not written is rebuilt at the next start.
    this.saveTimer.unref?.();
  }

  /** Caller holds the queue: no mutation is under way, so the catalog is what the folders hold. */
  private async saveCatalog(): Promise<void> {
    if (!this.catalog || this.catalogOnDisk === 'maybe') return;
    // Gone (a test's temporary folder removed, say): nothing to save it beside.
    if ((await readdirOrEmpty(this.root)).length === 0) return;
    if (await this.catalogFile.save(this.catalog, this.catalogStamp)) {
      this.catalogOnDisk = 'maybe';
    } else {
      this.logger.warn('the workspace folders changed outside the app; listing them again');
      this.catalog = null;
    }
  }

  /** As stored, without counting pages (counting waits on the queue its caller holds). */
  private async storedDocument(id: string): Promise<DocumentInfo> {
    const info = await this.readDocumentInfo(checkedKey(id));
    if (!info) throw notFound('document');
    return { ...info, pageCount: info.pageCount ?? null };
  }

  /** Caller holds the mutation queue. Reviews first, then summaries (what lists a result), then responses, then the document. */
  private async putInTrash(what: TrashEntry['what'], document: DocumentInfo, results: ResultInfo[]): Promise<TrashEntry> {
    const entry: TrashEntry = { id: ulid(), trashedAt: new Date().toISOString(), what, document, results };
    // Derived data does not go to the trash: a restored result's model is built again.
    for (const result of results) await this.models.forget(checkedKey(result.id));
    const paths = [
      ...results.map((r) => trashable.review(checkedKey(r.id))),
      ...results.map((r) => trashable.summary(r.id)),
      ...results.map((r) => trashable.response(r.id)),
      ...(what === 'document' ? [trashable.document(checkedKey(document.id))] : []),
    ];
    await this.beginChange();
    await this.trash.put(entry, paths);
    await this.settle(entry);
    this.onChange({ change: 'trash', documentId: document.id });
    return entry;
  }

  /**
   * A document stored before pages were counted at import gets its count once, written
   * back. Should counting fail, it is tried again on the next start, never more often.
   */
  private withPageCount(info: StoredDocumentInfo): Promise<DocumentInfo> {
    if (info.pageCount !== undefined) return Promise.resolve({ ...info, pageCount: info.pageCount });
    let counted = this.pageCounts.get(info.id);
    if (!counted) {
      counted = this.countAndStorePages(info);
      this.pageCounts.set(info.id, counted);
    }
    return counted.then((pageCount) => ({ ...info, pageCount }));
  }

  private async countAndStorePages(info: StoredDocumentInfo): Promise<number | null> {
    try {
      const bytes = await this.documentBytes(info.id);
      const pageCount = info.mime === 'application/pdf' ? await countPdfPagesInWorker(bytes, info.name) : 1;
      await this.mutate(async () => {
        // Still there (not trashed meanwhile), and still without a count.
        const current = await this.readDocumentInfo(info.id);
        if (current && current.pageCount === undefined) {
          const counted = { ...current, pageCount };
          await this.beginChange();
          await this.documentInfos.write(info.id, counted);
          await this.changed((catalog) => catalog.setDocument(counted));
        }
      });
      return pageCount;
    } catch (error) {
      this.logger.warn('pages of an older document could not be counted', { id: info.id, error: String(error) });
      return null;
    }
  }

  private async readDocumentInfo(id: string): Promise<StoredDocumentInfo | null> {
    return this.documentInfos.read(id);
  }

  private documentDir(id: string): string {
    return join(folderIn(this.root, 'documents'), id);
  }
}

/**
 * A summary's numbers and model name come from the service's metadata; the library shows
 * them as they are, so only what makes sense is kept: whole page counts, credits that are
 * not negative, a model name of reasonable length.
 */
function sensibleSummary(
  result: Pick<ResultInfo, 'pageCount' | 'credits' | 'modelVersion'>,
): Pick<ResultInfo, 'pageCount' | 'credits' | 'modelVersion'> {
  const { pageCount, credits, modelVersion } = result;
  return {
    pageCount: Number.isInteger(pageCount) && (pageCount as number) >= 0 ? pageCount : null,
    credits: Number.isFinite(credits) && (credits as number) >= 0 ? credits : null,
    modelVersion: typeof modelVersion === 'string' ? (modelVersion.length > 100 ? `${modelVersion.slice(0, 100)}…` : modelVersion) : null,
  };
}

function notFound(what: string): AppError {
  return new AppError({
    code: `${what}_not_found`,
    message: `That ${what} is not in the workspace.`,
    hint: 'It may have been deleted; open it again.',
  });
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what a display name drops
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A display name: the last path segment, without control characters, at most 200 characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.replace(CONTROL_CHARACTERS, '').trim() ?? '';
  return Array.from(base || 'document')
    .slice(0, 200)
    .join('');
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}
