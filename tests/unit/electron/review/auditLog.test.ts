import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../shared/ipc/audit.js';
import { AuditLog, type AuditLine } from '../../../../electron/review/auditLog.js';
import { auditCsv } from '../../../../electron/review/auditCsv.js';
import { auditEntryFor } from '../../../../electron/review/auditEntry.js';
import { createLogger } from '../../../../electron/core/log.js';

const logger = createLogger(null, { console: false });

function entry(path: string, action: AuditEntry['action'] = 'accepted'): AuditEntry {
  return {
    at: '2026-01-02T03:04:05.000Z',
    user: 'ana',
    documentId: 'doc1',
    resultId: 'res1',
    path,
    action,
    before: null,
    after: { status: 'accepted', value: '12' },
  };
}

const pathOf = (line: AuditLine) => ('unreadable' in line ? `unreadable ${line.bytes} at ${line.start}` : line.path);

describe('the audit log: one JSON line per decision, appended', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-audit-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('appends entries in order and reads them back', async () => {
    const log = new AuditLog(dir, logger);
    await log.append([entry('a')]);
    await Promise.all([log.append([entry('b')]), log.append([entry('c'), entry('d')])]);
    expect((await log.read('doc1')).map(pathOf)).toEqual(['a', 'b', 'c', 'd']);
    expect(await log.read('other')).toEqual([]);
    const text = await readFile(join(dir, 'audit', 'doc1.jsonl'), 'utf8');
    expect(text.split('\n')).toHaveLength(5); // four lines, each ended
  });

  it('reads a torn last line as unreadable, keeps every entry before it, and starts the next append on a fresh line', async () => {
    const log = new AuditLog(dir, logger);
    await log.append([entry('a'), entry('b')]);
    const file = join(dir, 'audit', 'doc1.jsonl');
    const start = (await readFile(file)).length;
    // A crash mid-append: half of a line, no newline.
    await appendFile(file, JSON.stringify(entry('torn')).slice(0, 40));
    expect((await log.read('doc1')).map(pathOf)).toEqual(['a', 'b', `unreadable 40 at ${start}`]);
    await log.append([entry('c')]);
    expect((await log.read('doc1')).map(pathOf)).toEqual(['a', 'b', `unreadable 40 at ${start}`, 'c']);
    const lines = (await readFile(file, 'utf8')).split('\n');
    expect(lines[2]).toBe(JSON.stringify(entry('torn')).slice(0, 40));
    expect(JSON.parse(lines[3]!)).toMatchObject({ path: 'c' });
  });

  it('refuses an entry that would not read back, writing nothing of its append', async () => {
    const log = new AuditLog(dir, logger);
    await log.append([entry('a')]);
    // A decision missing its status (as an inherited `constructor` once gave) is not written unreadable.
    const broken = { ...entry('constructor'), before: { value: '12' } } as unknown as AuditEntry;
    await expect(async () => log.append([entry('b'), broken])).rejects.toMatchObject({ code: 'audit_entry_invalid' });
    expect((await log.read('doc1')).map(pathOf)).toEqual(['a']);
  });

  it('refuses a document id that would leave its folder', async () => {
    const log = new AuditLog(dir, logger);
    await expect(log.read('../x')).rejects.toMatchObject({ code: 'invalid_id' });
  });
});

describe('an entry is derived from the stored decision and the new one', () => {
  const base = {
    id: 'e1',
    prev: null,
    at: 't',
    user: 'u',
    documentId: 'd',
    resultId: 'r',
    path: 'total',
    extracted: 12,
    undo: false,
    override: [],
  };

  it('names what changed, with the value each side stood for', () => {
    expect(auditEntryFor({ ...base, before: undefined, after: { status: 'accepted' } })).toMatchObject({
      action: 'accepted',
      before: null,
      after: { status: 'accepted', value: '12' },
    });
    expect(auditEntryFor({ ...base, before: { status: 'accepted' }, after: { status: 'corrected', correctedValue: '13' } })).toMatchObject({
      action: 'corrected',
      before: { value: '12' },
      after: { status: 'corrected', value: '13' },
    });
    expect(auditEntryFor({ ...base, before: { status: 'rejected' }, after: { status: 'rejected', note: 'blurry' } })).toMatchObject({
      action: 'note',
      after: { note: 'blurry' },
    });
    expect(auditEntryFor({ ...base, before: { status: 'rejected' }, after: undefined })).toMatchObject({ action: 'cleared', after: null });
    expect(auditEntryFor({ ...base, undo: true, before: { status: 'rejected' }, after: undefined })).toMatchObject({ action: 'undo' });
  });

  it('writes nothing for a decision that changes nothing', () => {
    expect(auditEntryFor({ ...base, before: { status: 'accepted' }, after: { status: 'accepted' } })).toBeNull();
  });
});

describe('the audit CSV', () => {
  it('has a header and one row per entry, cells defused against formulas', () => {
    const risky: AuditEntry = { ...entry('total', 'corrected'), after: { status: 'corrected', value: '=HYPERLINK("x")', note: 'a, "b"' } };
    const file = auditCsv('invoice.pdf', [
      { ...entry('a'), saved: true },
      { ...risky, saved: false },
    ]);
    expect(file.fileName).toBe('invoice-audit.csv');
    const lines = file.content.split('\r\n');
    expect(lines[0]).toBe(
      'time,user,document,result,field,action,status before,value before,note before,status after,value after,note after,failing rules,saved,rules hash,chain',
    );
    expect(lines[1]).toBe('2026-01-02T03:04:05.000Z,ana,doc1,res1,a,accepted,,,,accepted,12,,,yes,,intact');
    expect(lines[2]).toBe(
      `2026-01-02T03:04:05.000Z,ana,doc1,res1,total,corrected,,,,corrected,"'=HYPERLINK(""x"")","a, ""b""",,no (the save did not finish),,intact`,
    );
    expect(lines).toHaveLength(4);
  });

  it('has a row for a line that is not an entry', () => {
    const file = auditCsv('invoice.pdf', [
      { ...entry('a'), saved: true },
      { unreadable: true, start: 120, bytes: 40 },
    ]);
    expect(file.content.split('\r\n')[2]).toBe(',,,,,unreadable line (40 bytes at byte 120),,,,,,,,,,');
  });

  it('says where the chain breaks, and which entries came before chaining, on their rows', () => {
    const file = auditCsv('invoice.pdf', [
      { ...entry('a'), saved: true, unchained: true },
      { ...entry('b'), rulesHash: 'ab12', saved: true, breaks: ['previous-changed', 'newest-changed'] },
    ]);
    const [, first, second] = file.content.split('\r\n');
    expect(first).toMatch(/,yes,,written before entries were chained$/);
    expect(second).toBe(
      '2026-01-02T03:04:05.000Z,ana,doc1,res1,b,accepted,,,,accepted,12,,,yes,ab12,"broken: The entry before this one was changed, removed or moved after this one was written. This is not the newest entry the app wrote: it was changed, or entries after it were removed."',
    );
  });
});
