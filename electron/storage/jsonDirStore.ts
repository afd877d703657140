import { randomBytes } from 'node:crypto';
import { lstat, readdir, readFile, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { WORKSPACE_ID_PATTERN } from '../../shared/ipc/ids.js';
import type { Logger } from '../core/log.js';
import { syncDirectory, writeFileAtomic } from './fsAtomic.js';
import { mapLimited } from './mapLimited.js';

/**
 * What names an entry on disk: one plain name, never a path — the workspace's id rule. No
 * separator and no dot, so never `..`, never a hidden temp file of writeFileAtomic, never a
 * set-aside copy.
 */
const KEY_PATTERN = WORKSPACE_ID_PATTERN;
/** `key` when it is a plain name (see KEY_PATTERN), else an `invalid_id` refusal: for paths built outside a store too. */
export function checkedKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new AppError({ code: 'invalid_id', message: 'That id is not valid.' });
  return key;
}
/** Files read at once when listing: 20,000 summaries list quickly, and the process never runs out of file handles. */
const FILES_AT_ONCE = 64;

export interface JsonDirStoreOptions<T> {
  dir: string;
  /** What an entry is: every entry read has passed it, so its type is the store's. A file it refuses is not the store's. */
  schema: z.ZodType<T>;
  /**
   * Where an entry lives: `<key><suffix>` (`.json`, `.info.json`), or with a suffix that
   * starts with `/` a folder per entry, `<key>/<file>` (`/document.json`).
   */
  suffix: string;
  /** The key of an id, when ids are not already keys (a service's job id, say). Must give a key. */
  keyOf?: (id: string) => string;
  /** What the log calls one entry: 'job record'. */
  label: string;
  logger: Logger;
  /** Indented, for files a person may open. */
  pretty?: boolean;
}

/**
 * A folder of JSON files, one per entry, each written atomically (a crash leaves the old
 * file or the new one) and validated when read.
 *
 * A file that cannot be read or does not fit the schema is skipped with a warning, never
 * moved or deleted: one bad entry must not hide the others, and the file stays where it
 * is for a newer version of the app that wrote it, or for a person to repair. (A single
 * settings file is set aside instead, see jsonFileStore.ts: there the app must start from
 * a clean one and would write over it.)
 */
export class JsonDirStore<T> {
  readonly dir: string;
  private readonly flat: boolean;

  constructor(private readonly options: JsonDirStoreOptions<T>) {
    this.dir = options.dir;
    this.flat = !options.suffix.startsWith('/');
  }

  /** The file of `id`; an id that gives no plain key (one that would leave the folder) is refused. */
  path(id: string): string {
    return join(this.dir, this.fileOf(this.keyFor(id)));
  }

  /** The entry, or null when there is none or it cannot be read (then logged). */
  async read(id: string): Promise<T | null> {
    return this.readEntry(this.keyFor(id));
  }

  /**
   * The entry, or null when there is none; one that exists but does not parse or fit the schema
   * is refused (`unreadable_record`), one that cannot be opened (permissions, a disk error) is
   * refused as `record_read_failed`: neither is taken for none.
   */
  async readOrRefuse(id: string): Promise<T | null> {
    return this.readEntry(this.keyFor(id), 'refuse');
  }

  /**
   * Renames an entry aside (`<file>.unreadable-<time>-<random>`, which no listing reads) so its
   * id starts afresh without losing what the file held; answers the new path, or null when
   * there was no file. A rename is atomic: a crash leaves the file under one name or the other.
   * A rename replaces its target silently, so a target that exists is refused (the random part
   * makes that all but impossible). Callers decide whether the file should go: this does not read it.
   */
  async setAside(id: string, now = new Date()): Promise<string | null> {
    const from = this.path(id);
    const to = `${from}.unreadable-${now.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
    if (
      await lstat(to).then(
        () => true,
        () => false,
      )
    ) {
      throw new AppError({
        code: 'set_aside_exists',
        message: `A ${this.options.label} was not set aside: ${basename(to)} already exists.`,
        hint: 'Try again.',
      });
    }
    try {
      await rename(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    await syncDirectory(this.dir);
    this.options.logger.warn(`${this.options.label} set aside`, { file: basename(to) });
    return to;
  }

  /** Durable when it resolves. A value that would not read back is refused before anything is written. */
  async write(id: string, value: T): Promise<void> {
    const key = this.keyFor(id);
    const text = this.options.pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
    const checked = this.options.schema.safeParse(JSON.parse(text));
    if (!checked.success) {
      this.options.logger.error(`${this.options.label} not saved: it does not fit its schema`, {
        file: this.fileOf(key),
        reason: checked.error.message.slice(0, 300),
      });
      throw new AppError({
        code: 'invalid_record',
        message: `A ${this.options.label} was not saved: it does not have the form it is stored in.`,
        hint: 'This is a bug in Groundwork; the log says which field.',
      });
    }
    await writeFileAtomic(join(this.dir, this.fileOf(key)), text);
  }

  /**
   * Reads, changes and writes one entry (callers serialize their own updates). An entry that
   * exists but cannot be read is refused, never written over: what it held may be all a
   * reviewer did.
   */
  async update(id: string, change: (current: T | null) => T): Promise<T> {
    const next = change(await this.readOrRefuse(id));
    await this.write(id, next);
    return next;
  }

  /**
   * Not synced: a removal a crash loses brings the entry back, so only what can be told
   * apart again at start-up is removed this way (a create intent once its job is known).
   */
  async remove(id: string): Promise<void> {
    await rm(this.path(id), { force: true });
  }

  /** Every entry that reads and fits the schema, in no particular order. */
  async list(): Promise<T[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return [];
    }
    const keys = names.map((name) => this.keyIn(name)).filter((key) => key !== null);
    const entries = await mapLimited(keys, FILES_AT_ONCE, (key) => this.readEntry(key));
    return entries.filter((entry) => entry !== null);
  }

  private keyFor(id: string): string {
    return checkedKey(this.options.keyOf ? this.options.keyOf(id) : id);
  }

  /** Relative to the folder: what the log names. */
  private fileOf(key: string): string {
    return `${key}${this.options.suffix}`;
  }

  /** The key a name listed in the folder holds, or null for anything else (temp files, strays). */
  private keyIn(name: string): string | null {
    const key = this.flat ? (name.endsWith(this.options.suffix) ? name.slice(0, -this.options.suffix.length) : null) : name;
    return key !== null && KEY_PATTERN.test(key) ? key : null;
  }

  private async readEntry(key: string, unreadable: 'skip' | 'refuse' = 'skip'): Promise<T | null> {
    const file = this.fileOf(key);
    let text: string;
    try {
      text = await readFile(join(this.dir, file), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return null;
      this.skipped(file, error);
      if (unreadable === 'skip') return null;
      // Not the file's content: setting it aside would not help, so this is not `unreadable_record`.
      throw new AppError({
        code: 'record_read_failed',
        message: `The saved ${this.options.label} could not be opened (${code ?? 'read error'}), so it was not changed (${file}).`,
        hint:
          code === 'EACCES' || code === 'EPERM'
            ? 'Groundwork may not read that file: give your user read and write permission on it, then try again.'
            : 'Check the disk and the file, then try again.',
      });
    }
    try {
      return this.options.schema.parse(JSON.parse(text));
    } catch (error) {
      return this.unreadable(file, error, unreadable);
    }
  }

  private unreadable(file: string, error: unknown, unreadable: 'skip' | 'refuse'): null {
    this.skipped(file, error);
    if (unreadable === 'skip') return null;
    throw new AppError({
      code: 'unreadable_record',
      message: `The saved ${this.options.label} cannot be read, so it was not changed (${file} in ${this.dir}).`,
      hint: 'The file is left as it is: restore it from a backup, or move it out of that folder to start over.',
    });
  }

  private skipped(file: string, error: unknown): void {
    this.options.logger.warn(`unreadable ${this.options.label} skipped`, {
      file,
      reason: error instanceof Error ? error.message.slice(0, 300) : String(error),
    });
  }
}
