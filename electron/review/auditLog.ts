import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AuditEntry, AuditEntryView, AuditPage, AuditUnreadableLine } from '../../shared/ipc/audit.js';
import { WORKSPACE_ID_PATTERN } from '../../shared/ipc/ids.js';
import { AppError } from '../../shared/errors.js';
import type { Logger } from '../log.js';
import { syncDirectory } from '../storage/fsAtomic.js';
import { auditFile, folderIn } from '../workspace/layout.js';
import { parseAuditLine } from './auditEntry.js';

/** A line of the trail as read: an entry, or one that is not (kept, so it can be shown as unreadable). */
export type AuditLine = AuditEntry | AuditUnreadableLine;

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
 * append resolves; each entry is checked to read back before it is written. A crash
 * mid-append can leave a torn last line: reading reports it (and any line that is not an
 * entry) as unreadable, and the next append starts on a line of its own.
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
    const lines = entries.map(lineOf);
    const run = this.serial.then(() => this.appendNow(documentId, lines));
    this.serial = run.catch(() => undefined);
    return run;
  }

  /** The document's lines, oldest first: each an entry, or unreadable (a torn last line, a line changed by hand). */
  async read(documentId: string): Promise<AuditLine[]> {
    let bytes: Buffer;
    try {
      bytes = await readFile(this.file(documentId));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const lines: AuditLine[] = [];
    for (let start = 0; start < bytes.length;) {
      const nl = bytes.indexOf(0x0a, start);
      const end = nl < 0 ? bytes.length : nl;
      const read = lineAt(bytes.subarray(start, end), start);
      if (read) lines.push(read.line);
      start = end + 1;
    }
    this.warnUnreadable(documentId, lines);
    return lines;
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
    const entries: AuditPage['entries'] = [];
    let oldest = 0;
    for await (const { line, start } of this.fromEnd(documentId)) {
      const view = 'unreadable' in line ? line : await marker.mark(line);
      if (before !== undefined && start >= before) continue;
      if (entries.length === limit) return { entries, next: oldest };
      entries.push(view);
      oldest = start;
    }
    return { entries, next: null };
  }

  /** The newest entry on one field of one extraction, read from the end of the file. */
  async latestFor(documentId: string, resultId: string, path: string): Promise<AuditEntry | null> {
    for await (const { line } of this.fromEnd(documentId))
      if (!('unreadable' in line) && line.resultId === resultId && line.path === path) return line;
    return null;
  }

  private warnUnreadable(documentId: string, lines: readonly object[]): void {
    const unreadable = lines.filter((l) => 'unreadable' in l).length;
    if (unreadable > 0) this.logger.warn('unreadable audit lines', { documentId, unreadable });
  }

  /** The document's lines newest first, each with the file position it starts at. */
  private async *fromEnd(documentId: string): AsyncGenerator<{ line: AuditLine; start: number }> {
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
          const read = lineAt(bytes.subarray(nl + 1, cut), start + nl + 1);
          if (read) yield read;
          cut = nl;
          if (nl === 0) break;
        }
        tail = bytes.subarray(0, cut);
        if (start === 0 && tail.length > 0) {
          const read = lineAt(tail, 0);
          if (read) yield read;
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

  private async appendNow(documentId: string, lines: readonly string[]): Promise<void> {
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
      await handle.appendFile(lead + lines.map((line) => `${line}\n`).join(''), 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    // A new file's name is durable only once its folder is synced.
    if (isNew) await syncDirectory(this.dir);
  }
}

/** The line at `start` as an entry, or as unreadable; null for an empty line (none is written, but one may be left by hand). */
/**
 * The line an entry is appended as, checked to read back as an entry: one that would not (a
 * decision missing its status) is refused before anything is written, never kept unreadable.
 */
function lineOf(entry: AuditEntry): string {
  const line = JSON.stringify(entry);
  if (parseAuditLine(line) === null)
    throw new AppError({
      code: 'audit_entry_invalid',
      message: `The audit entry for “${entry.path}” is not complete, so the decision was not saved.`,
      hint: 'This is a bug in the app; nothing was written.',
    });
  return line;
}

function lineAt(bytes: Buffer, start: number): { line: AuditLine; start: number } | null {
  const text = bytes.toString('utf8');
  if (text.trim() === '') return null;
  return { line: parseAuditLine(text) ?? { unreadable: true, start, bytes: bytes.length }, start };
}
