import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../shared/ipc/audit.js';
import { AuditLog, type AuditLine } from '../../../../electron/review/auditLog.js';
import { createLogger } from '../../../../electron/core/log.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

const logger = createLogger(null, { console: false });

function entry(path: string, value = '12'): AuditEntry {
  return {
    id: `id-${path}`,
    prev: null,
    at: '2026-01-02T03:04:05.000Z',
    user: 'ana',
    documentId: 'doc1',
    resultId: 'res1',
    path,
    action: 'accepted',
    before: null,
    after: { status: 'accepted', value },
  };
}

/** Each line as "path" and, when the chain breaks there, its breaks. */
const verdicts = (lines: readonly AuditLine[]) =>
  lines.map((l) => {
    const name = 'unreadable' in l ? 'unreadable' : l.path;
    const breaks = l.breaks ?? [];
    return breaks.length > 0 ? `${name}: ${breaks.join(', ')}` : name;
  });
const broken = (lines: readonly AuditLine[]) => lines.some((l) => (l.breaks ?? []).length > 0);

/** The trust row: every tampering of a 50-entry trail tried, and the untouched trail, each read whole (the CSV) and in pages (History). */
const tally: { case: string; ok: boolean }[] = [];
afterAll(() =>
  recordTrustRow({
    check: 'audit trail',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note:
      tally.find((t) => !t.ok)?.case ??
      'every line of a 50-entry trail edited, removed, swapped with the next; found in the CSV read and in History pages',
  }),
);

describe('the audit trail is chained: each line names the hash of the one before it', () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-audit-chain-'));
    file = join(dir, 'audit', 'doc1.jsonl');
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const lines = async () => (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  const rewrite = async (ls: readonly string[]) => {
    await mkdir(join(dir, 'audit'), { recursive: true });
    await writeFile(file, ls.map((l) => `${l}\n`).join(''));
  };

  it('reads an untouched trail with no break, and a page says the same', async () => {
    const log = new AuditLog(dir, logger);
    for (const p of ['a', 'b', 'c']) await log.append([entry(p)]);
    await log.append([entry('d'), entry('e')]);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'b', 'c', 'd', 'e']);
    const page = await log.page('doc1', { limit: 2 }, () => Promise.resolve(null));
    expect(page.entries.map((e) => ('unreadable' in e ? 'unreadable' : `${e.path}${(e.breaks ?? []).length ? '!' : ''}`))).toEqual([
      'e',
      'd',
    ]);
  });

  it('finds an edited line on the line after it', async () => {
    const log = new AuditLog(dir, logger);
    for (const p of ['a', 'b', 'c']) await log.append([entry(p)]);
    const ls = await lines();
    await rewrite([ls[0]!, ls[1]!.replace('"value":"12"', '"value":"99"'), ls[2]!]);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'b', 'c: previous-changed']);
  });

  it('finds a removed line, removed first lines, a removed or edited newest line and lines swapped', async () => {
    const log = new AuditLog(dir, logger);
    for (const p of ['a', 'b', 'c', 'd']) await log.append([entry(p)]);
    const ls = await lines();
    await rewrite([ls[0]!, ls[2]!, ls[3]!]);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'c: previous-changed', 'd']);
    await rewrite([ls[1]!, ls[2]!, ls[3]!]);
    expect(verdicts(await log.read('doc1'))).toEqual(['b: start-removed', 'c', 'd']);
    await rewrite([ls[0]!, ls[1]!, ls[2]!]);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'b', 'c: newest-changed']);
    await rewrite([ls[0]!, ls[1]!, ls[2]!, ls[3]!.replace('"value":"12"', '"value":"99"')]);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'b', 'c', 'd: newest-changed']);
    await rewrite([ls[0]!, ls[2]!, ls[1]!, ls[3]!]);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'c: previous-changed', 'b: previous-changed', 'd: previous-changed']);
    await rewrite([ls[1]!, ls[0]!, ls[2]!, ls[3]!]);
    expect(verdicts(await log.read('doc1'))).toEqual(['b: start-removed', 'a: first-moved', 'c: previous-changed', 'd']);
  });

  it('says so when the record of the newest line is missing', async () => {
    const log = new AuditLog(dir, logger);
    for (const p of ['a', 'b']) await log.append([entry(p)]);
    await unlink(`${file}.head`);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'b: head-missing']);
  });

  it('takes a trail written before chaining as such, and chains what is appended after it', async () => {
    const old = ['a', 'b'].map((p) => {
      const { id: _id, prev: _prev, ...first } = entry(p);
      return JSON.stringify(first);
    });
    await rewrite(old);
    const log = new AuditLog(dir, logger);
    const read = await log.read('doc1');
    expect(verdicts(read)).toEqual(['a', 'b']);
    expect(read.map((l) => !('unreadable' in l) && l.unchained)).toEqual([true, true]);
    await log.append([entry('c')]);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'b', 'c']);
    // A line without a link among chained ones was not written by the app.
    const ls = await lines();
    await log.append([entry('d')]);
    const now = await lines();
    await rewrite([...ls, old[0]!, now[3]!]);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'b', 'c', 'a: unchained-after-chained', 'd: previous-changed']);
  });

  it('chains past a torn last line, and a head write a crash cut short is no break', async () => {
    const log = new AuditLog(dir, logger);
    await log.append([entry('a')]);
    const head = await readFile(`${file}.head`, 'utf8');
    await writeFile(file, `${(await lines())[0]}\n{"at":"2026`);
    await log.append([entry('b')]);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'unreadable', 'b']);
    // The line landed, the head did not: it still names an older line the newest ones chain to.
    await writeFile(`${file}.head`, head);
    expect(verdicts(await log.read('doc1'))).toEqual(['a', 'unreadable', 'b']);
  });

  it('detects every line of a 50-entry trail edited, removed and swapped with its neighbour, in the CSV read and in History pages', async () => {
    const log = new AuditLog(dir, logger);
    for (let i = 0; i < 50; i++) await log.append([entry(`f${i}`)]);
    const ls = await lines();
    const head = await readFile(`${file}.head`, 'utf8');
    const pages = async () => {
      const found: AuditLine[] = [];
      for (let before: number | undefined, page; (page = await log.page('doc1', { limit: 7, before }, () => Promise.resolve(null)));) {
        found.push(...page.entries);
        if (page.next === null) return found;
        before = page.next;
      }
    };
    const check = async (name: string, tampered: boolean) => {
      const ok = broken(await log.read('doc1')) === tampered && broken((await pages())!) === tampered;
      tally.push({ case: name, ok });
    };
    await check('untouched', false);
    for (let i = 0; i < ls.length; i++) {
      const edited = [...ls];
      edited[i] = edited[i]!.replace('"value":"12"', '"value":"13"');
      const cases: [string, string[]][] = [
        [`line ${i + 1} edited`, edited],
        [`line ${i + 1} removed`, ls.filter((_, j) => j !== i)],
      ];
      if (i + 1 < ls.length) {
        const swapped = [...ls];
        [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
        cases.push([`lines ${i + 1} and ${i + 2} swapped`, swapped]);
      }
      for (const [name, tampered] of cases) {
        await rewrite(tampered);
        await writeFile(`${file}.head`, head);
        await check(name, true);
      }
    }
    expect(tally.filter((t) => !t.ok).map((t) => t.case)).toEqual([]);
    expect(tally).toHaveLength(150);
  });
});
