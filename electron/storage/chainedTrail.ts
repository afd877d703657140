import { createHash } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AuditUnreadableLine, ChainBreak } from '../../shared/ipc/audit.js';
import { syncDirectory, writeFileAtomic } from './fsAtomic.js';

/**
 * The `prevHash` of a trail's first line: no line stands before it. Well known, so a reader
 * tells "this began the trail" from "the lines before this were removed".
 */
export const GENESIS = '0'.repeat(64);

/** What a line of a trail must carry to be checked: the hash of the line before it (absent on lines written before chaining). */
export interface Chained {
  prevHash?: string | undefined;
}

/** A line as read: what `parse` made of it, or unreadable (kept, so it is shown where it stands). */
export type TrailLine<T> = T | AuditUnreadableLine;

/** A line with what its place in the chain says about it: `breaks` where the chain does not hold, `unchained` on a line from before chaining. */
export type CheckedLine<T> = (T & { breaks?: ChainBreak[]; unchained?: true }) | (AuditUnreadableLine & { breaks?: ChainBreak[] });

interface RawLine<T> {
  line: TrailLine<T>;
  start: number;
  /** SHA-256 (hex) of the line's exact bytes, without its newline: what the next line names. */
  hash: string;
}

/** How much of the file one read from its end takes. */
const CHUNK = 64 * 1024;

export function lineHash(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A file of JSON lines, only appended to, each line naming the SHA-256 of the line before it
 * (`prevHash`; the first `GENESIS`), and beside it `<file>.head`, the hash of the newest line
 * written. Together they show a line changed, removed or moved after it was written: the
 * line after it names another hash, or the head names a line no longer there (the newest
 * one changed, or the last ones cut off). They do not stop a person who rewrites every line
 * and the head: they make a quiet edit impossible, not an edit. Appends are synced before
 * they resolve and run one at a time per trail object. Empty lines are not lines.
 */
export class ChainedTrail<T extends Chained> {
  private serial: Promise<unknown> = Promise.resolve();

  /** `parse` reads one line's text as an entry, null when it is not one. */
  constructor(private readonly parse: (text: string) => T | null) {}

  /**
   * Appends entries, each given the hash of the line before it; `lineOf` turns an entry into
   * its line (and may refuse it, before anything is written).
   */
  append<E extends object>(file: string, entries: readonly E[], lineOf: (entry: E & { prevHash: string }) => string): Promise<void> {
    const run = this.serial.then(() => this.appendNow(file, entries, lineOf));
    this.serial = run.catch(() => undefined);
    return run;
  }

  /** The lines newest first, each checked against the line before it; the newest also against the head. */
  async *checkedFromEnd(file: string): AsyncGenerator<{ line: CheckedLine<T>; start: number }> {
    let newest = true;
    let headBreak: ChainBreak | null = null;
    let pending: RawLine<T> | null = null;
    for await (const older of this.rawFromEnd(file)) {
      if (pending) {
        yield { line: withBreaks(pending.line, checkLink(pending.line, older), newest ? headBreak : null), start: pending.start };
        newest = false;
      } else {
        headBreak = await this.checkHead(file);
      }
      pending = older;
    }
    if (pending) yield { line: withBreaks(pending.line, checkLink(pending.line, null), newest ? headBreak : null), start: pending.start };
  }

  /** Every line, oldest first, checked. */
  async read(file: string): Promise<CheckedLine<T>[]> {
    const lines: CheckedLine<T>[] = [];
    for await (const { line } of this.checkedFromEnd(file)) lines.push(line);
    return lines.reverse();
  }

  /** The lines newest first as they are, unchecked, each with the position it starts at. */
  async *rawFromEnd(file: string): AsyncGenerator<RawLine<T>> {
    let handle;
    try {
      handle = await open(file, 'r');
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
          const read = this.lineAt(bytes.subarray(nl + 1, cut), start + nl + 1);
          if (read) yield read;
          cut = nl;
          if (nl === 0) break;
        }
        tail = bytes.subarray(0, cut);
        if (start === 0 && tail.length > 0) {
          const read = this.lineAt(tail, 0);
          if (read) yield read;
        }
        end = start;
      }
    } finally {
      await handle.close();
    }
  }

  /**
   * Whether the head names the newest line, or one older that the lines after it chain back
   * to unbroken (an append whose head write a crash cut short; an unreadable line, torn by a
   * crash, is passed over). Null when it holds, or when the trail has no head and its newest
   * line is from before chaining.
   */
  private async checkHead(file: string): Promise<ChainBreak | null> {
    const head = await readHead(file);
    let expect: string | null | undefined = undefined; // undefined: any line may come next
    for await (const raw of this.rawFromEnd(file)) {
      if (head === null) return isUnreadable(raw.line) || raw.line.prevHash === undefined ? null : 'head-missing';
      if (expect !== undefined && raw.hash !== expect) return 'newest-changed';
      if (raw.hash === head) return null;
      expect = isUnreadable(raw.line) ? undefined : (raw.line.prevHash ?? null);
      if (expect === null) return 'newest-changed';
    }
    return head === null ? null : 'newest-changed';
  }

  private async appendNow<E extends object>(
    file: string,
    entries: readonly E[],
    lineOf: (entry: E & { prevHash: string }) => string,
  ): Promise<void> {
    // Each line is made (and checked) before anything is written: a refused entry writes nothing of its append.
    let prevHash = GENESIS;
    for await (const last of this.rawFromEnd(file)) {
      prevHash = last.hash;
      break;
    }
    const lines: string[] = [];
    for (const entry of entries) {
      const line = lineOf({ ...entry, prevHash });
      lines.push(line);
      prevHash = lineHash(line);
    }
    if (lines.length === 0) return;
    const dir = dirname(file);
    if ((await mkdir(dir, { recursive: true, mode: 0o700 })) !== undefined) await syncDirectory(dirname(dir));
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
    if (isNew) await syncDirectory(dir);
    // After the lines: a crash in between leaves the head one append behind, which reads as whole (see checkHead).
    await writeFileAtomic(headFile(file), JSON.stringify({ hash: prevHash }));
  }

  /** The line at `start` as an entry, or as unreadable; null for an empty line (none is written, but one may be left by hand). */
  private lineAt(bytes: Buffer, start: number): RawLine<T> | null {
    const text = bytes.toString('utf8');
    if (text.trim() === '') return null;
    return { line: this.parse(text) ?? { unreadable: true, start, bytes: bytes.length }, start, hash: lineHash(bytes) };
  }
}

/** `<trail>.head`: the hash of the newest line the app wrote. */
export function headFile(file: string): string {
  return `${file}.head`;
}

async function readHead(file: string): Promise<string | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(headFile(file), 'utf8'));
    const hash = (parsed as { hash?: unknown } | null)?.hash;
    // A head that does not read names no line: every newest line then reads as changed.
    return typeof hash === 'string' ? hash : '';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    return '';
  }
}

function isUnreadable<T>(line: TrailLine<T>): line is AuditUnreadableLine {
  return typeof line === 'object' && line !== null && 'unreadable' in line;
}

/** What a line's link says, given the line before it (null: it is the first). */
function checkLink<T extends Chained>(line: TrailLine<T>, older: RawLine<T> | null): ChainBreak | 'unchained' | null {
  if (isUnreadable(line)) return null; // its link cannot be read; the line after it is checked against its bytes
  const { prevHash } = line;
  if (prevHash === undefined) {
    // Written before chaining; but a line without a link after linked ones was not written by the app.
    return older && !isUnreadable(older.line) && older.line.prevHash !== undefined ? 'unchained-after-chained' : 'unchained';
  }
  if (prevHash === GENESIS) return older ? 'first-moved' : null;
  if (!older) return 'start-removed';
  return prevHash === older.hash ? null : 'previous-changed';
}

function withBreaks<T>(line: TrailLine<T>, link: ChainBreak | 'unchained' | null, head: ChainBreak | null): CheckedLine<T> {
  const breaks = [link, head].filter((b): b is ChainBreak => b !== null && b !== 'unchained');
  return {
    ...line,
    ...(link === 'unchained' ? { unchained: true as const } : {}),
    ...(breaks.length > 0 ? { breaks } : {}),
  } as CheckedLine<T>;
}
