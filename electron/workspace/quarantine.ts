import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import type { KeptAnswerText, QuarantinedAnswer } from '../../shared/quarantine.js';
import { ulid } from '../../shared/ulid.js';
import type { Logger } from '../core/log.js';
import { writeFileAtomic } from '../storage/fsAtomic.js';
import { checkedKey, JsonDirStore } from '../storage/jsonDirStore.js';
import { folderIn } from './layout.js';

// Optional fields stay optional under exactOptionalPropertyTypes: zod's own type would allow `undefined` in them.
const entrySchema = z.object({
  id: z.string(),
  documentId: z.string(),
  kind: z.enum(['parse', 'extract', 'analyzer']),
  jobId: z.string().nullable(),
  sourceResultId: z.string().optional(),
  reason: z.string(),
  receivedAt: z.string(),
  size: z.number(),
  resultId: z.string().nullable(),
}) as unknown as z.ZodType<QuarantinedAnswer>;

/** The raw answer beside its entry: `quarantine/<id>.answer`, the text exactly as it arrived. */
const ANSWER_SUFFIX = '.answer';
/** What the window is shown of an answer: enough to see what went wrong, not a 200 MB string over IPC. */
export const SHOWN_ANSWER_CHARS = 1_000_000;

export type Keep = Omit<QuarantinedAnswer, 'id' | 'receivedAt' | 'size' | 'resultId'> & { text: string; id?: string };

/**
 * `quarantine/`: answers kept unread (see shared/quarantine.ts). The text is written before its
 * entry, so an entry always has its answer; nothing here is ever deleted by the app (it is
 * paid work), and the trash does not reach it.
 */
export class Quarantine {
  private readonly entries: JsonDirStore<QuarantinedAnswer>;
  private readonly dir: string;

  constructor(root: string, logger: Logger) {
    this.dir = folderIn(root, 'quarantine');
    this.entries = new JsonDirStore({ dir: this.dir, schema: entrySchema, suffix: '.json', label: 'kept answer', logger, pretty: true });
  }

  /** Keeps an answer; a job's is kept once under its own id, however often its poll is read. */
  async keep(answer: Keep): Promise<QuarantinedAnswer> {
    const id = checkedKey(answer.id ?? `q-${ulid()}`);
    const existing = await this.entries.read(id);
    if (existing) return existing;
    const { text, ...rest } = answer;
    await writeFileAtomic(this.answerFile(id), text);
    const entry: QuarantinedAnswer = { ...rest, id, receivedAt: new Date().toISOString(), size: text.length, resultId: null };
    await this.entries.write(id, entry);
    return entry;
  }

  list(): Promise<QuarantinedAnswer[]> {
    return this.entries.list();
  }

  async entry(id: string): Promise<QuarantinedAnswer> {
    const entry = await this.entries.read(checkedKey(id));
    if (!entry)
      throw new AppError({ code: 'not_found', message: 'That kept answer is not in the workspace.', hint: 'Reload the Jobs screen.' });
    return entry;
  }

  /** The entry and its text as far as a window can show it. */
  async shown(id: string): Promise<KeptAnswerText> {
    const entry = await this.entry(id);
    const text = await readFile(this.answerFile(id), 'utf8');
    const cut = text.length > SHOWN_ANSWER_CHARS;
    return { entry, text: cut ? text.slice(0, SHOWN_ANSWER_CHARS) : text, truncatedFrom: cut ? text.length : null };
  }

  async text(id: string): Promise<string> {
    await this.entry(id);
    return readFile(this.answerFile(id), 'utf8');
  }

  async markRead(id: string, resultId: string): Promise<QuarantinedAnswer> {
    return this.entries.update(id, (current) => {
      if (!current)
        throw new AppError({ code: 'not_found', message: 'That kept answer is not in the workspace.', hint: 'Reload the Jobs screen.' });
      return { ...current, resultId };
    });
  }

  private answerFile(id: string): string {
    return join(this.dir, `${checkedKey(id)}${ANSWER_SUFFIX}`);
  }
}
