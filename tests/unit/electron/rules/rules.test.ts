import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/log.js';
import { Reviews } from '../../../../electron/review/reviews.js';
import { Rules, schemaKey } from '../../../../electron/rules/rules.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import { removeWorkspaceDir, storedExtraction } from '../../../support/workspaceDir.js';

const SCHEMA = { type: 'object', properties: { total: { type: 'string' }, due_date: { type: 'string' } } };
const BY_SCHEMA = { schema: SCHEMA };

describe('rules kept per schema', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'gw-rules-'));
  });
  afterEach(() => removeWorkspaceDir(dir));

  it('keys a schema by its content, whatever the order of its keys', () => {
    const reordered = { properties: { due_date: { type: 'string' }, total: { type: 'string' } }, type: 'object' };
    expect(schemaKey(reordered)).toBe(schemaKey(SCHEMA));
    expect(schemaKey(SCHEMA)).toMatch(/^[0-9a-f]{32}$/);
    expect(schemaKey({ ...SCHEMA, required: ['total'] })).not.toBe(schemaKey(SCHEMA));
  });

  it('saves and reads a schema’s rules in workspace/rules, and refuses rules that do not parse, with the position', async () => {
    const workspace = new Workspace(dir, createLogger(null, { console: false }));
    const rules = new Rules(workspace);
    expect(await rules.get(BY_SCHEMA)).toMatchObject({ text: '', schemaKey: schemaKey(SCHEMA) });
    await rules.save(BY_SCHEMA, 'required total\n');
    expect((await new Rules(workspace).get(BY_SCHEMA)).text).toBe('required total\n');
    expect(await readdir(join(dir, 'workspace', 'rules'))).toEqual([`${schemaKey(SCHEMA)}.json`]);

    await expect(rules.save(BY_SCHEMA, 'required total\nrange total 0..x')).rejects.toMatchObject({
      code: 'invalid_rules',
      message: 'The rules do not parse: line 2, column 16: expected an upper bound after “..”',
    });
    expect((await rules.get(BY_SCHEMA)).text).toBe('required total\n');
  });

  it('refuses a rule file it cannot read, on reading and on saving, saying where; set aside, the schema starts empty', async () => {
    const workspace = new Workspace(dir, createLogger(null, { console: false }));
    const rules = new Rules(workspace);
    await rules.save(BY_SCHEMA, 'required total');
    const file = join(dir, 'workspace', 'rules', `${schemaKey(SCHEMA)}.json`);
    const damaged = JSON.stringify({ schemaKey: 'x', text: 42 });
    await writeFile(file, damaged);
    const relative = `rules/${schemaKey(SCHEMA)}.json`;
    const refusal = {
      code: 'unreadable_record',
      message: expect.stringContaining(`cannot be read: ${relative}. Save is disabled`) as unknown,
    };
    await expect(rules.get(BY_SCHEMA)).rejects.toMatchObject(refusal);
    await expect(rules.save(BY_SCHEMA, 'required due_date')).rejects.toMatchObject(refusal);
    expect(await readFile(file, 'utf8')).toBe(damaged);

    const { movedTo, rules: now } = await rules.setAside({ schemaKey: schemaKey(SCHEMA) });
    expect(now.text).toBe('');
    // Only the file's own name: the workspace's place on disk is not the user's concern.
    expect(movedTo).toMatch(new RegExp(`^${schemaKey(SCHEMA)}\\.json\\.unreadable-[0-9TZ-]+-[0-9a-f]{8}$`));
    expect(await readFile(join(dir, 'workspace', 'rules', movedTo), 'utf8')).toBe(damaged);
    await rules.save(BY_SCHEMA, 'required due_date');
    expect((await rules.get(BY_SCHEMA)).text).toBe('required due_date');
  });

  it('refuses to set aside a rules file that reads fine, or none, each with a hint', async () => {
    const workspace = new Workspace(dir, createLogger(null, { console: false }));
    const rules = new Rules(workspace);
    await expect(rules.setAside(BY_SCHEMA)).rejects.toMatchObject({ code: 'rules_not_found', hint: expect.any(String) as unknown });
    await rules.save(BY_SCHEMA, 'required total');
    await expect(rules.setAside(BY_SCHEMA)).rejects.toMatchObject({ code: 'rules_readable', hint: expect.any(String) as unknown });
    expect((await rules.get(BY_SCHEMA)).text).toBe('required total');
    expect(await readdir(join(dir, 'workspace', 'rules'))).toEqual([`${schemaKey(SCHEMA)}.json`]);
  });

  it('a file that cannot be opened (here a folder in its place) is its own error with a hint, never set aside', async () => {
    const workspace = new Workspace(dir, createLogger(null, { console: false }));
    const rules = new Rules(workspace);
    await mkdir(join(dir, 'workspace', 'rules', `${schemaKey(SCHEMA)}.json`), { recursive: true });
    const failure = { code: 'record_read_failed', hint: expect.any(String) as unknown };
    await expect(rules.get(BY_SCHEMA)).rejects.toMatchObject(failure);
    await expect(rules.setAside(BY_SCHEMA)).rejects.toMatchObject(failure);
    expect(await readdir(join(dir, 'workspace', 'rules'))).toEqual([`${schemaKey(SCHEMA)}.json`]);
  });

  it('a set-aside and a save asked at once run one after the other: the save lands in the fresh file', async () => {
    const workspace = new Workspace(dir, createLogger(null, { console: false }));
    const rules = new Rules(workspace);
    await mkdir(join(dir, 'workspace', 'rules'), { recursive: true });
    await writeFile(join(dir, 'workspace', 'rules', `${schemaKey(SCHEMA)}.json`), 'not json');
    const [aside, saved] = await Promise.allSettled([rules.setAside(BY_SCHEMA), rules.save(BY_SCHEMA, 'required total')]);
    expect([aside.status, saved.status]).toEqual(['fulfilled', 'fulfilled']);
    expect((await rules.get(BY_SCHEMA)).text).toBe('required total');
  });

  it('the export says the rules file is unreadable, by its place in the workspace, instead of failing', async () => {
    const workspace = new Workspace(dir, createLogger(null, { console: false }));
    const rules = new Rules(workspace);
    const extraction = await storedExtraction(workspace, { total: '1' }, 'a.pdf', { schemaKey: schemaKey(SCHEMA) });
    await mkdir(join(dir, 'workspace', 'rules'), { recursive: true });
    await writeFile(join(dir, 'workspace', 'rules', `${schemaKey(SCHEMA)}.json`), '{"schemaKey": 1}');
    const reviews = new Reviews(workspace, rules);
    const note = `rules unreadable: rules/${schemaKey(SCHEMA)}.json`;
    expect((JSON.parse((await reviews.export(extraction.id, 'json')).content) as { rules: unknown }).rules).toBe(note);
    expect((await reviews.export(extraction.id, 'csv')).content.trimEnd().split('\r\n').pop()).toBe(note);
    expect(await rules.readRules(BY_SCHEMA)).toEqual({ rules: [], unreadable: true, file: `rules/${schemaKey(SCHEMA)}.json` });
  });

  it('an extraction that recorded its schema exports that schema’s rules, whatever schema the editor sends', async () => {
    const workspace = new Workspace(dir, createLogger(null, { console: false }));
    const other = { type: 'object', properties: { total: { type: 'number' } } };
    const rules = new Rules(workspace);
    await rules.save(BY_SCHEMA, 'required total');
    await rules.save({ schema: other }, 'required due_date\nrequired total');
    const recorded = await storedExtraction(workspace, { total: '1' }, 'a.pdf', { schemaKey: schemaKey(SCHEMA) });
    const older = await storedExtraction(workspace, { total: '1' }, 'b.pdf');
    const reviews = new Reviews(workspace, rules);
    const exported = async (id: string) =>
      (JSON.parse((await reviews.export(id, 'json', other)).content) as { rules: Array<{ rule: string }> }).rules.map((r) => r.rule);
    expect(await exported(recorded.id)).toEqual(['required total']);
    // Stored before schemas were recorded: the editor's schema is all there is to go by.
    expect(await exported(older.id)).toEqual(['required due_date', 'required total']);
    expect((await workspace.resultInfo(recorded.id))?.schemaKey).toBe(schemaKey(SCHEMA));
  });

  it('puts each rule with its result and values in the review export, JSON and CSV', async () => {
    const workspace = new Workspace(dir, createLogger(null, { console: false }));
    const extraction = await storedExtraction(workspace, { total: '$1,242.00', due_date: '2024-04-14' }, 'invoice.pdf');
    const rules = new Rules(workspace);
    await rules.save(BY_SCHEMA, 'range total 0..100000\ndate due_date DD/MM/YYYY');
    const reviews = new Reviews(workspace, rules);
    const json = JSON.parse((await reviews.export(extraction.id, 'json', SCHEMA)).content);
    expect(json.rules).toEqual([
      {
        line: 1,
        rule: 'range total 0..100000',
        status: 'pass',
        message: 'within 0..100000',
        values: [{ path: 'total', value: '$1,242.00' }],
        fields: ['total'],
      },
      {
        line: 2,
        rule: 'date due_date DD/MM/YYYY',
        status: 'fail',
        message: 'due_date “2024-04-14” is not a date written DD/MM/YYYY',
        values: [{ path: 'due_date', value: '2024-04-14' }],
        fields: ['due_date'],
      },
    ]);
    const csv = (await reviews.export(extraction.id, 'csv', SCHEMA)).content;
    expect(csv).toContain('\r\n\r\nrule_line,rule,rule_status,message,values,fields\r\n');
    expect(csv).toContain(
      '2,date due_date DD/MM/YYYY,fail,due_date “2024-04-14” is not a date written DD/MM/YYYY,due_date=2024-04-14,due_date\r\n',
    );
    // Without the schema the export is as before: no rules.
    expect(JSON.parse((await reviews.export(extraction.id, 'json')).content).rules).toBeUndefined();
  });
});
