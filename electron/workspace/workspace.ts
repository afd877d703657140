import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { parseStoredResult, type DocumentInfo, type DocumentMime, type LibraryEntry, type ResultInfo, type StoredResult, type StoredResultText } from '../../shared/workspace.js';
import { requireSupportedDocument } from '../documents/sniff.js';
import { countPdfPagesInWorker } from '../engine/localEngine.js';
import { writeFileAtomic } from '../fsAtomic.js';
import type { Logger } from '../log.js';

const documentInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  addedAt: z.string(),
});

const resultInfoSchema = z.looseObject({
  id: z.string(),
  documentId: z.string(),
  kind: z.enum(['parse', 'extract', 'analyzer']),
  engine: z.enum(['local', 'parse', 'analyzer', 'extract', 'import']),
  createdAt: z.string(),
  modelVersion: z.string().nullable(),
  pageCount: z.number().nullable(),
  credits: z.number().nullable(),
  partial: z.boolean(),
  sourceResultId: z.string().optional(),
});

const ID_PATTERN = /^[a-zA-Z0-9_-]{1,80}$/;

/**
 * The local workspace: plain files in a folder, so a user can back it up or share it.
 *   documents/<id>/document.json   name, type, size; <id> is the content hash
 *   documents/<id>/original        the bytes as opened
 *   results/<id>.json              the service's response, verbatim
 *   results/<id>.info.json         its summary (engine, model, pages, credits…): listing never reads responses
 * Every write is atomic; a file that cannot be read is skipped and logged, never fatal.
 */
export class Workspace {
  readonly root: string;

  constructor(dataDir: string, private readonly logger: Logger) {
    this.root = join(dataDir, 'workspace');
  }

  async addDocument(name: string, bytes: Uint8Array): Promise<DocumentInfo> {
    const kind = requireSupportedDocument(bytes, name);
    if (kind.kind === 'pdf') await countPdfPagesInWorker(bytes, name);
    const id = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
    const existing = await this.readDocumentInfo(id);
    if (existing) return existing;
    const info: DocumentInfo = {
      id,
      name: cleanName(name),
      mime: (kind.kind === 'pdf' ? 'application/pdf' : kind.mime) as DocumentMime,
      size: bytes.length,
      addedAt: new Date().toISOString(),
    };
    const dir = this.documentDir(id);
    // Bytes first, then the description: a document.json always has its original beside it.
    await writeFileAtomic(join(dir, 'original'), bytes);
    await writeFileAtomic(join(dir, 'document.json'), JSON.stringify(info, null, 2));
    this.logger.info('document added', { id, size: bytes.length });
    return info;
  }

  async documentInfo(id: string): Promise<DocumentInfo> {
    const info = await this.readDocumentInfo(checkId(id));
    if (!info) throw notFound('document');
    return info;
  }

  async documentBytes(id: string): Promise<Uint8Array> {
    const dir = this.documentDir(checkId(id));
    try {
      return new Uint8Array(await readFile(join(dir, 'original')));
    } catch {
      throw notFound('document');
    }
  }

  async saveResult(result: Omit<StoredResult, 'id' | 'createdAt'> & { id?: string }): Promise<StoredResult> {
    await this.documentInfo(result.documentId);
    const stored: StoredResult = { ...result, ...sensibleSummary(result), id: result.id ?? randomUUID(), createdAt: new Date().toISOString() };
    const { response, ...info } = stored;
    // The response first, its summary second: a listed result always has its response on disk.
    await writeFileAtomic(join(this.root, 'results', `${checkId(stored.id)}.json`), JSON.stringify(response));
    await writeFileAtomic(join(this.root, 'results', `${stored.id}.info.json`), JSON.stringify(info));
    this.logger.info('result saved', { id: stored.id, kind: stored.kind, engine: stored.engine });
    return stored;
  }

  async result(id: string): Promise<StoredResult> {
    return parseStoredResult(await this.resultText(id));
  }

  /** A stored result's summary, or null when there is none (its response is not read). */
  async resultInfo(id: string): Promise<ResultInfo | null> {
    const file = join(this.root, 'results', `${checkId(id)}.info.json`);
    try {
      return resultInfoSchema.parse(JSON.parse(await readFile(file, 'utf8'))) as ResultInfo;
    } catch {
      return null;
    }
  }

  /** A result with its response as the JSON text on disk (not parsed here: it may be 50 MB). */
  async resultText(id: string): Promise<StoredResultText> {
    const file = join(this.root, 'results', checkId(id));
    try {
      const [info, responseJson] = await Promise.all([readFile(`${file}.info.json`, 'utf8'), readFile(`${file}.json`, 'utf8')]);
      return { ...(resultInfoSchema.parse(JSON.parse(info)) as ResultInfo), responseJson };
    } catch {
      throw notFound('result');
    }
  }

  /** Every document with the summaries of its results, newest first. */
  async library(): Promise<LibraryEntry[]> {
    const documents = await this.listDocuments();
    const results = await this.listResults();
    const byDocument = new Map<string, ResultInfo[]>();
    for (const result of results) {
      const list = byDocument.get(result.documentId) ?? [];
      list.push(result);
      byDocument.set(result.documentId, list);
    }
    return documents
      .map((document) => ({
        document,
        results: (byDocument.get(document.id) ?? []).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      }))
      .sort((a, b) => latest(b).localeCompare(latest(a)));
  }

  private async listDocuments(): Promise<DocumentInfo[]> {
    const ids = await readdirOrEmpty(join(this.root, 'documents'));
    const infos = await Promise.all(ids.filter((id) => ID_PATTERN.test(id)).map((id) => this.readDocumentInfo(id)));
    return infos.filter((i): i is DocumentInfo => i !== null);
  }

  private async listResults(): Promise<ResultInfo[]> {
    const files = (await readdirOrEmpty(join(this.root, 'results'))).filter((f) => f.endsWith('.info.json'));
    const summaries = await Promise.all(
      files.map(async (file) => {
        try {
          return resultInfoSchema.parse(JSON.parse(await readFile(join(this.root, 'results', file), 'utf8'))) as ResultInfo;
        } catch {
          this.logger.warn('unreadable result summary skipped', { file });
          return null;
        }
      }),
    );
    return summaries.filter((s): s is ResultInfo => s !== null);
  }

  private async readDocumentInfo(id: string): Promise<DocumentInfo | null> {
    try {
      const text = await readFile(join(this.documentDir(id), 'document.json'), 'utf8');
      return documentInfoSchema.parse(JSON.parse(text)) as DocumentInfo;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') this.logger.warn('unreadable document skipped', { id });
      return null;
    }
  }

  private documentDir(id: string): string {
    return join(this.root, 'documents', id);
  }
}

/**
 * A summary's numbers and model name come from the service's metadata; the library shows
 * them as they are, so only what makes sense is kept: whole page counts, credits that are
 * not negative, a model name of reasonable length.
 */
function sensibleSummary(result: Pick<ResultInfo, 'pageCount' | 'credits' | 'modelVersion'>): Pick<ResultInfo, 'pageCount' | 'credits' | 'modelVersion'> {
  const { pageCount, credits, modelVersion } = result;
  return {
    pageCount: Number.isInteger(pageCount) && (pageCount as number) >= 0 ? pageCount : null,
    credits: Number.isFinite(credits) && (credits as number) >= 0 ? credits : null,
    modelVersion: typeof modelVersion === 'string' ? (modelVersion.length > 100 ? `${modelVersion.slice(0, 100)}…` : modelVersion) : null,
  };
}

function latest(entry: LibraryEntry): string {
  return entry.results[0]?.createdAt ?? entry.document.addedAt;
}

function checkId(id: string): string {
  if (!ID_PATTERN.test(id)) throw new AppError({ code: 'invalid_id', message: 'That id is not valid.' });
  return id;
}

function notFound(what: string): AppError {
  return new AppError({ code: `${what}_not_found`, message: `That ${what} is not in the workspace.`, hint: 'It may have been deleted; open it again.' });
}

/** A display name: the last path segment, without control characters, at most 200 characters. */
function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips or refuses
  const base = name.split(/[\\/]/).pop()?.replace(/[\u0000-\u001f\u007f]/g, '').trim() ?? '';
  return Array.from(base || 'document').slice(0, 200).join('');
}

async function readdirOrEmpty(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch {
    return [];
  }
}
