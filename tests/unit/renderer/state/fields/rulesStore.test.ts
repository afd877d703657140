import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaKey } from '../../../../../electron/rules/rules.js';
import type { acceptBlockedBy as AcceptBlockedBy, useRules as UseRules } from '../../../../../renderer/state/fields/rulesStore.js';
import { openRendererWindow, type RendererBridge } from '../../../../support/rendererBridge.js';
import { useRememberedStorage } from '../../../../support/rememberedStorage.js';

// The Fields panel's rules against the real services: kept per schema through rules:get and
// rules:save (main refuses a set that does not parse), run on an extraction's values, and
// what blocks an accept.
useRememberedStorage();
let bridge: RendererBridge;
let useRules: typeof UseRules;
let acceptBlockedBy: typeof AcceptBlockedBy;
const SCHEMA = JSON.stringify({ type: 'object', properties: { total: { type: 'string' } } });

beforeAll(async () => {
  bridge = await openRendererWindow();
  ({ useRules, acceptBlockedBy } = await import('../../../../../renderer/state/fields/rulesStore.js'));
});
afterAll(() => bridge?.close());

describe('rules store', () => {
  it('loads and saves a schema’s rules; a set main refuses leaves the saved one and shows the position', async () => {
    const rules = () => useRules.getState();
    await rules().load(SCHEMA);
    expect(rules()).toMatchObject({ loadedFor: `schema:${SCHEMA}`, text: '', savedText: '' });
    rules().setText('required total\nsum total = items[].amount ± 0.01');
    await rules().save();
    expect(rules().savedText).toBe('required total\nsum total = items[].amount ± 0.01');

    // The window checks as you type; main checks again, so a set sent anyway is refused.
    expect(await bridge.api.rules.save({ schema: JSON.parse(SCHEMA), text: 'required total\nrange total 1' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_rules', message: 'The rules do not parse: line 2, column 14: expected “..” between the bounds' },
    });
    rules().setText('required');
    expect(rules().parseErrors).toEqual([{ line: 1, column: 9, message: 'expected a field path' }]);
    await rules().save();
    expect(rules().error).toMatchObject({ code: 'invalid_rules' });
    expect(await bridge.api.rules.get({ schema: JSON.parse(SCHEMA) })).toMatchObject({
      ok: true,
      value: { text: 'required total\nsum total = items[].amount ± 0.01' },
    });

    // Another schema has its own (none); the same one with its keys reordered has these.
    await rules().load(JSON.stringify({ type: 'object' }));
    expect(rules().text).toBe('');
    await rules().load(JSON.stringify({ properties: { total: { type: 'string' } }, type: 'object' }));
    expect(rules().text).toBe('required total\nsum total = items[].amount ± 0.01');
  });

  it('a rules file that could not be read is read again when the extraction is opened again, or on Try again', async () => {
    const rules = () => useRules.getState();
    const schema = JSON.stringify({ type: 'object', properties: { due: { type: 'string' } } });
    const key = schemaKey(JSON.parse(schema) as Record<string, unknown>);
    const file = join(bridge.services.workspace.root, 'rules', `${key}.json`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, 'not json');
    await rules().load(schema);
    expect(rules()).toMatchObject({ loadFailed: true, unreadable: true, error: { code: 'unreadable_record' } });
    // Fixed by hand: opening the same extraction again reads it.
    await writeFile(file, JSON.stringify({ schemaKey: key, text: 'required due', updatedAt: new Date().toISOString() }));
    await rules().load(schema);
    expect(rules()).toMatchObject({ loadFailed: false, unreadable: false, error: null, text: 'required due' });
    // Broken again and fixed again: Try again reads it without opening anything.
    await writeFile(file, 'not json');
    await rules().retry();
    expect(rules().loadFailed).toBe(true);
    await writeFile(file, JSON.stringify({ schemaKey: key, text: 'required due\n', updatedAt: new Date().toISOString() }));
    await rules().retry();
    expect(rules()).toMatchObject({ loadFailed: false, text: 'required due\n' });
  });

  it('runs on the extraction shown, and blocks accept on a field a failing rule names only when asked', () => {
    const rules = () => useRules.getState();
    rules().setText('sum total = items[].amount ± 0.01\nrequired total');
    rules().evaluate({ total: '10.00', items: [{ amount: 4 }, { amount: '5' }] });
    expect(rules().results.map((r) => r.status)).toEqual(['fail', 'pass']);
    expect([...rules().failing.keys()]).toEqual(['total', 'items[0].amount', 'items[1].amount']);
    expect(acceptBlockedBy(rules(), 'total')).toBeNull();
    rules().setBlockReview(true);
    expect(acceptBlockedBy(rules(), 'items[1].amount')).toBe(
      'Accept is blocked while a rule on this field fails: line 1 “sum total = items[].amount ± 0.01” (4 + 5 = 9, not 10 (± 0.01))',
    );
    rules().evaluate({ total: '9.00', items: [{ amount: 4 }, { amount: '5' }] });
    expect(acceptBlockedBy(rules(), 'total')).toBeNull();
    // Rules that cannot be read cannot be checked: with the block on, no field is accepted.
    useRules.setState({ unreadable: true });
    expect(acceptBlockedBy(rules(), 'total')).toMatch(/rules file cannot be read/);
    useRules.setState({ unreadable: false });
    rules().evaluate(null);
    expect(rules().results).toEqual([]);
  });
});
