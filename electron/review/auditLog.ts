import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditEntry } from '../../shared/ipc/audit.js';
import { WORKSPACE_ID_PATTERN } from '../../shared/ipc/ids.js';
import { REVIEW_STATUSES } from '../../shared/workspace.js';
import { AppError } from '../../shared/errors.js';
import type { Logger } from '../log.js';
import { syncDirectory } from '../storage/fsAtomic.js';

const decisionSchema = z.object({ status: z.enum(REVIEW_STATUSES), value: z.string(), note: z.string().optional() }).nullable();
const entrySchema = z.object({
  at: z.string(),
  user: z.string(),
  documentId: z.string(),
  resultId: z.string(),
  path: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  before: decisionSchema,
  after: decisionSchema,
});

/**
 * The audit trail: `audit/<document id>.jsonl`, one JSON line per decision, only ever
 * appended to (never rewritten, so a crash cannot lose what was there) and synced before the
 * append resolves. A crash mid-append can leave a torn last line: reading skips it (and any
 * line that is not an entry), and the next append starts on a line of its own.
 */
export class AuditLog {
  private readonly dir: string;
  /** Appends run one at a time, so two lines never interleave and the torn-line check sees the file as it is. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    workspaceRoot: string,
    private readonly logger: Logger,
  ) {
    this.dir = join(workspaceRoot, 'audit');
  }

  append(entries: readonly AuditEntry[]): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    const documentId = entries[0]!.documentId;
    if (entries.some((e) => e.documentId !== documentId)) throw new Error('one document per append');
    const run = this.queue.then(() => this.appendNow(documentId, entries));
    this.queue = run.catch(() => undefined);
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

  private file(documentId: string): string {
    if (!WORKSPACE_ID_PATTERN.test(documentId)) throw new AppError({ code: 'invalid_id', message: 'That id is not valid.' });
    return join(this.dir, `${documentId}.jsonl`);
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
