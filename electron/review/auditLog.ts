import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditEntry, type AuditEntryView, type AuditPage } from '../../shared/ipc/audit.js';
import { WORKSPACE_ID_PATTERN } from '../../shared/ipc/ids.js';
import { REVIEW_STATUSES } from '../../shared/workspace.js';
import { AppError } from '../../shared/errors.js';
import type { Logger } from '../log.js';
import { syncDirectory } from '../storage/fsAtomic.js';
import { auditFile, folderIn } from '../workspace/layout.js';

const decisionSchema = z.object({ status: z.enum(REVIEW_STATUSES), value: z.string(), note: z.string().optional() }).nullable();
const entrySchema = z.object({
  id: z.string().optional(),
  prev: z.string().nullable().optional(),
  at: z.string(),
  user: z.string(),
  documentId: z.string(),
  resultId: z.string(),
  path: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: decisionSchema,
  after: decisionSchema,
  rules: z.array(z.string()).optional(),
});

/** How much of the file one read from its end takes. */
const CHUNK = 64 * 1024;

/**
 * Whether each entry's review write landed, walking newest to oldest. Decisions on one
 * extraction are serialized, so the entry after E on the same extraction was derived from
 * the review E left: its `prev` is E's id when E was written, E's own `prev` when it was not.
 * The newest entry of an extraction was written when the review records its id.
 */
export class SavedMarker {
  /** Per extraction, the `prev` of the newest entry seen so far. */
  private readonly laterPrev = new Map<string, string | null | undefined>();

  /** `auditIdOf` answers null when it cannot tell (the extraction and its review are gone): such entries are not called unsaved. */
  constructor(private readonly auditIdOf: (resultId: string) => Promise<string | undefined | null>) {}

  async mark(entry: AuditEntry): Promise<AuditEntryView> {
    const seen = this.laterPrev.has(entry.resultId);
    const laterPrev = this.laterPrev.get(entry.resultId);
    this.laterPrev.set(entry.resultId, entry.prev);
    // An entry of the first trail format carries no id: nothing to check it by.
    if (entry.id === undefined) return { ...entry, saved: true };
    if (seen) return { ...entry, saved: laterPrev === entry.id };
    const auditId = await this.auditIdOf(entry.resultId);
    const saved = auditId === null || auditId === entry.id;
    return { ...entry, saved };
  }
}

/**
 * The audit trail: `audit/<document id>.jsonl`, one JSON line per decision, only ever
 * appended to (never rewritten, so a crash cannot lose what was there) and synced before the
 * append resolves. A crash mid-append can leave a torn last line: reading skips it (and any
 * line that is not an entry), and the next append starts on a line of its own.
 */
export class AuditLog {
  private readonly dir: string;
  /** Appends run one at a time, so two lines never interleave and the torn-line check sees the file as it is. */
  private serial: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly workspaceRoot: string,
    private readonly logger: Logger,
  ) {
    this.dir = folderIn(workspaceRoot, 'audit');
  }

  append(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const documentId = entries[0]!.documentId;
    if (entries.some((e) => e.documentId !== documentId))
      throw new AppError({
        code: 'audit_mixed_documents',
        message: 'An audit append mixed two documents.',
        hint: 'This is a bug in the app; nothing was written.',
      });
    const run = this.serial.then(() => this.appendNow(documentId, entries));
    this.serial = run.catch(() => undefined);
    return run;
  }

  /** The document's entries, oldest first; lines that do not read (a torn last line) are skipped. */
  async read(documentId: string): Promise<AuditEntry[]> {
    let text: string;
    try {
      text = await readFile(this.file(documentId), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const entries: AuditEntry[] = [];
    let skipped = 0;
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      const entry = parseLine(line);
      if (entry) entries.push(entry);
      else skipped++;
    }
    if (skipped > 0) this.logger.warn('unreadable audit lines skipped', { documentId, skipped });
    return entries;
  }

  /**
   * One page of the trail, newest first, read from the end of the file (a long trail is not
   * read whole for its newest entries). `before` is a page's `next`: the file position its
   * oldest entry starts at. Whether each entry was saved needs the entries after it, so an
   * older page reads from the end too.
   */
  async page(
    documentId: string,
    { limit, before }: { limit: number; before?: number | undefined },
    auditIdOf: (resultId: string) => Promise<string | undefined | null>,
  ): Promise<AuditPage> {
    const marker = new SavedMarker(auditIdOf);
    const entries: AuditEntryView[] = [];
    let oldest = 0;
    for await (const { entry, start } of this.fromEnd(documentId)) {
      const view = await marker.mark(entry);
      if (before !== undefined && start >= before) continue;
      if (entries.length === limit) return { entries, next: oldest };
      entries.push(view);
      oldest = start;
    }
    return { entries, next: null };
  }

  /** The newest entry on one field of one extraction, read from the end of the file. */
  async latestFor(documentId: string, resultId: string, path: string): Promise<AuditEntry | null> {
    for await (const { entry } of this.fromEnd(documentId)) if (entry.resultId === resultId && entry.path === path) return entry;
    return null;
  }

  /** The document's entries newest first, each with the file position its line starts at. */
  private async *fromEnd(documentId: string): AsyncGenerator<{ entry: AuditEntry; start: number }> {
    let handle;
    try {
      handle = await open(this.file(documentId), 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try {
      let end = (await handle.stat()).size;
      /** The bytes of a line cut by the chunk boundary, carried to the next (earlier) chunk. */
      let tail = Buffer.alloc(0);
      while (end > 0) {
        const start = Math.max(0, end - CHUNK);
        const chunk = Buffer.alloc(end - start);
        await handle.read(chunk, 0, chunk.length, start);
        const bytes = Buffer.concat([chunk, tail]);
        let cut = bytes.length;
        // Lines wholly inside `bytes`, last first; the first line may go on in the earlier chunk.
        for (let nl = bytes.lastIndexOf(0x0a, cut - 1); nl >= 0; nl = bytes.lastIndexOf(0x0a, cut - 1)) {
          const entry = parseLine(bytes.subarray(nl + 1, cut).toString('utf8'));
          if (entry) yield { entry, start: start + nl + 1 };
          cut = nl;
          if (nl === 0) break;
        }
        tail = bytes.subarray(0, cut);
        if (start === 0 && tail.length > 0) {
          const entry = parseLine(tail.toString('utf8'));
          if (entry) yield { entry, start: 0 };
        }
        end = start;
      }
    } finally {
      await handle.close();
    }
  }

  private file(documentId: string): string {
    if (!WORKSPACE_ID_PATTERN.test(documentId))
      throw new AppError({
        code: 'invalid_id',
        message: 'That id is not valid.',
        hint: 'Ids are made by the app; this one was changed or cut short.',
      });
    return auditFile(this.workspaceRoot, documentId);
  }

  private async appendNow(documentId: string, entries: readonly AuditEntry[]): Promise<void> {
    const file = this.file(documentId);
    if ((await mkdir(this.dir, { recursive: true, mode: 0o700 })) !== undefined) await syncDirectory(join(this.dir, '..'));
    const handle = await open(file, 'a+', 0o600);
    let isNew: boolean;
    try {
      const { size } = await handle.stat();
      isNew = size === 0;
      // A torn line (a crash mid-append) does not end in a newline: the first entry must not join it.
      let lead = '';
      if (size > 0) {
        const last = Buffer.alloc(1);
        await handle.read(last, 0, 1, size - 1);
        if (last[0] !== 0x0a) lead = '\n';
      }
      await handle.appendFile(lead + entries.map((e) => `${JSON.stringify(e)}\n`).join(''), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    // A new file's name is durable only once its folder is synced.
    if (isNew) await syncDirectory(this.dir);
  }
}

function parseLine(line: string): AuditEntry | null {
  try {
    const parsed = entrySchema.safeParse(JSON.parse(line));
    return parsed.success ? (parsed.data as AuditEntry) : null;
  } catch {
    return null;
  }
}
