import { createHash } from 'node:crypto';
import { readFile, rm, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { type DocumentInfo } from '../../shared/document.js';
import { libraryOrder, type LibraryEntry } from '../../shared/library.js';
import { newestResultFirst, type ResultInfo } from '../../shared/result.js';
import { syncDirectory, writeFileAtomic } from '../storage/fsAtomic.js';
import type { Logger } from '../core/log.js';
import { documentInfoSchema, resultInfoSchema, type StoredDocumentInfo } from './schemas.js';
import { CATALOG_FILE, FOLDERS, LEGACY_CATALOG_FILE } from './layout.js';

/**
 * What the library lists, in memory: every document's info and every result's summary,
 * read from the folders once and then kept up to date by the workspace's mutations, so a
 * listing reads no file. Its entries are built once per change.
 */
export class Catalog {
  readonly documents = new Map<string, StoredDocumentInfo>();
  readonly results = new Map<string, ResultInfo>();
  private listing: LibraryEntry[] | null = null;

  constructor(documents: Iterable<StoredDocumentInfo> = [], results: Iterable<ResultInfo> = []) {
    for (const document of documents) this.documents.set(document.id, document);
    for (const result of results) this.results.set(result.id, result);
  }

  setDocument(info: StoredDocumentInfo): void {
    this.documents.set(info.id, info);
    this.listing = null;
  }

  setResult(info: ResultInfo): void {
    this.results.set(info.id, info);
    this.listing = null;
  }

  /** Takes what disk says now about one document or result (null: it is not there). */
  settleDocument(id: string, info: StoredDocumentInfo | null): void {
    if (info) this.documents.set(id, info);
    else this.documents.delete(id);
    this.listing = null;
  }

  settleResult(id: string, info: ResultInfo | null): void {
    if (info) this.results.set(id, info);
    else this.results.delete(id);
    this.listing = null;
  }

  resultsOf(documentId: string): ResultInfo[] {
    return [...this.results.values()].filter((r) => r.documentId === documentId);
  }

  /**
   * Every document with its results, newest first (ties by id, so two catalogs of the same
   * folders list alike). A document whose pages were never counted has `pageCount: undefined`
   * here; the workspace counts them.
   */
  entries(): LibraryEntry[] {
    if (this.listing) return this.listing;
    const byDocument = new Map<string, ResultInfo[]>();
    for (const result of this.results.values()) {
      const list = byDocument.get(result.documentId);
      if (list) list.push(result);
      else byDocument.set(result.documentId, [result]);
    }
    this.listing = [...this.documents.values()]
      .map((document) => ({ document: document as DocumentInfo, results: (byDocument.get(document.id) ?? []).sort(newestResultFirst) }))
      .sort(libraryOrder);
    return this.listing;
  }
}

const CATALOG_VERSION = 2;

/** The file's first line. The second is the body, `{ documents, results }`, and `digest` its SHA-256. */
const headerSchema = z.object({
  version: z.literal(CATALOG_VERSION),
  /** The folders' modification times when it was written: a listing changed behind the app's back makes the file stale. */
  stamp: z.string(),
  /** The schemas its entries were checked against (entrySchemas). */
  schemas: z.string(),
  digest: z.string(),
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

let entrySchemasDigest: string | null = null;
/**
 * The digest of the schemas a document's and a result's info are checked against: a catalog
 * written by a build whose entries are shaped otherwise (a newer one's, met after a downgrade)
 * is listed from the folders again, where each entry is checked.
 */
function entrySchemas(): string {
  entrySchemasDigest ??= sha256(JSON.stringify([z.toJSONSchema(documentInfoSchema), z.toJSONSchema(resultInfoSchema)]));
  return entrySchemasDigest;
}

/**
 * The catalog saved as `workspace/catalog.jsonl`, so a start reads one file, not one per
 * document and result. The folders stay the truth and the file only a copy of them:
 *   - before a mutation touches the folders the file is removed (and the removal made
 *     durable); it is written again once the folders are settled, with no mutation under
 *     way. A crash in between leaves no file, and the next start lists the folders, so a
 *     crash can neither lose nor invent an entry.
 *   - a file that is unreadable, of another version, written for entries of other schemas,
 *     whose body is not what was written (its digest), or whose stamp (the modification
 *     times of documents/ and results/) differs from the folders' (something was added or
 *     removed while the app was not looking) is removed, logged, and the folders are listed
 *     instead. Being a copy, nothing in it is worth setting aside.
 * Its entries were checked against their schemas when they were read from the folders; the
 * header names those schemas, and the digest proves the body is still exactly what was
 * written, so a start hashes 6 MB (30 ms) rather than checking 25,000 entries again (100 ms
 * and more).
 */
export class CatalogFile {
  readonly path: string;

  constructor(
    private readonly root: string,
    private readonly logger: Logger,
  ) {
    this.path = join(root, CATALOG_FILE);
  }

  /** The saved catalog, or null (and no file left) when there is none to trust. */
  async load(): Promise<{ catalog: Catalog; stamp: string } | null> {
    // Never read: a file that cannot be removed is only logged, and the library lists all the same.
    await rm(join(this.root, LEGACY_CATALOG_FILE), { force: true }).catch((error: unknown) =>
      this.logger.warn("an older build's catalog.json not removed", { error: String(error) }),
    );
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        this.logger.warn('catalog unreadable, listing the folders', { error: String(error) });
      return null;
    }
    let reason: string;
    try {
      const end = text.indexOf('\n');
      const header = headerSchema.parse(JSON.parse(end < 0 ? text : text.slice(0, end)));
      const body = text.slice(end + 1);
      if (header.schemas !== entrySchemas()) throw new Error('its entries were checked against other schemas (another build)');
      if (sha256(body) !== header.digest) throw new Error('its body is not what was written (digest)');
      const saved = JSON.parse(body) as { documents?: unknown; results?: unknown };
      if (!Array.isArray(saved.documents) || !Array.isArray(saved.results)) throw new Error('its body lists no documents and results');
      if (header.stamp === (await this.stamp()))
        return {
          catalog: new Catalog(saved.documents as StoredDocumentInfo[], saved.results as ResultInfo[]),
          stamp: header.stamp,
        };
      reason = 'the folders changed since it was written';
    } catch (error) {
      reason = error instanceof Error ? error.message.slice(0, 300) : String(error);
    }
    this.logger.warn('catalog not used, listing the folders', { reason });
    await this.remove();
    return null;
  }

  /**
   * Caller holds the workspace's mutation queue, so the folders are not changing, and says
   * which stamp its catalog describes: when the folders' is another one (something outside
   * the app added or removed files meanwhile) nothing is written and false is returned.
   */
  async save(catalog: Catalog, stamp: string): Promise<boolean> {
    if ((await this.stamp()) !== stamp) return false;
    const body = JSON.stringify({ documents: [...catalog.documents.values()], results: [...catalog.results.values()] });
    await writeFileAtomic(
      this.path,
      `${JSON.stringify({ version: CATALOG_VERSION, stamp, schemas: entrySchemas(), digest: sha256(body) })}\n${body}`,
    );
    return true;
  }

  async remove(): Promise<void> {
    try {
      await unlink(this.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await syncDirectory(this.root);
  }

  /** The modification times of documents/ and results/: any file added, removed or renamed there changes one. */
  async stamp(): Promise<string> {
    const mtime = async (dir: string) => {
      try {
        return String((await stat(join(this.root, dir), { bigint: true })).mtimeNs);
      } catch {
        return 'none';
      }
    };
    return `documents:${await mtime(FOLDERS.documents)} results:${await mtime(FOLDERS.results)}`;
  }
}
