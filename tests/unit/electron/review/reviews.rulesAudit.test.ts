import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Reviews } from '../../../../electron/review/reviews.js';
import { Rules, schemaKey } from '../../../../electron/rules/rules.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import { createLogger } from '../../../../electron/core/log.js';
import { isAuditEntry } from '../../../../shared/ipc/audit.js';
import { removeWorkspaceDir, storedExtraction } from '../../../support/workspaceDir.js';

// "Delete a failing rule, accept, restore it" must leave a record: every rule save and
// set-aside is a line of the chained rules trail (audit/rules.jsonl) with the text saved and
// its hash, and every decision names the hash of the rules in force when it was made.
const logger = createLogger(null, { console: false });
const SCHEMA = { type: 'object', properties: { total: { type: 'string' }, invoice_number: { type: 'string' } } };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('rule saves are audited, and each decision names the rules in force', () => {
  let dir: string;
  let workspace: Workspace;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-rules-audit-'));
    workspace = new Workspace(dir, logger);
  });
  afterEach(() => removeWorkspaceDir(dir, workspace));

  const rulesTrail = async () =>
    (await readFile(join(workspace.root, 'audit', 'rules.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);

  it('delete a failing rule, accept, restore it: each save is in the rules trail, and the accept names the rules without it', async () => {
    const stored = await storedExtraction(workspace, { total: '12', invoice_number: 'A-1' }, 'inv.pdf');
    const rules = new Rules(workspace, () => 'ana');
    const reviews = new Reviews(workspace, rules, () => 'ana');
    const strict = 'required total\npattern invoice_number /^X-/';
    const lax = 'required total';
    await rules.save({ schema: SCHEMA }, strict);
    await rules.save({ schema: SCHEMA }, lax);
    await reviews.decide(stored.id, 'invoice_number', { status: 'accepted' }, { schema: SCHEMA });
    await rules.save({ schema: SCHEMA }, strict);
    await reviews.decide(stored.id, 'total', { status: 'accepted' }, { schema: SCHEMA });

    const trail = await rulesTrail();
    expect(trail.map((e) => [e.action, e.schemaKey, e.text, e.rulesHash, e.user])).toEqual([
      ['saved', schemaKey(SCHEMA), strict, sha256(strict), 'ana'],
      ['saved', schemaKey(SCHEMA), lax, sha256(lax), 'ana'],
      ['saved', schemaKey(SCHEMA), strict, sha256(strict), 'ana'],
    ]);
    expect(trail[0]!.prevHash).toBe('0'.repeat(64));
    const [total, invoice] = (await reviews.history(stored.documentId, { limit: 10 })).entries.filter(isAuditEntry);
    // Accepted while the pattern was gone: a plain accept, but it names the lax rules.
    expect(invoice).toMatchObject({ action: 'accepted', path: 'invoice_number', rulesHash: sha256(lax) });
    expect(total).toMatchObject({ action: 'accepted', path: 'total', rulesHash: sha256(strict) });
    expect(total!.breaks).toBeUndefined();
  });

  it('a set-aside is in the rules trail, and a decision while the rules cannot be read names no hash', async () => {
    const stored = await storedExtraction(workspace, { total: '12', invoice_number: 'A-1' }, 'inv.pdf');
    const rules = new Rules(workspace, () => 'ana');
    const reviews = new Reviews(workspace, rules, () => 'ana');
    await mkdir(join(workspace.root, 'rules'), { recursive: true });
    await writeFile(join(workspace.root, 'rules', `${schemaKey(SCHEMA)}.json`), 'not json');
    await reviews.decide(stored.id, 'total', { status: 'rejected' }, { schema: SCHEMA });
    const { movedTo } = await rules.setAside({ schema: SCHEMA });
    await reviews.decide(stored.id, 'total', { status: 'accepted' }, { schema: SCHEMA });
    expect((await rulesTrail()).map((e) => [e.action, e.movedTo, e.rulesHash])).toEqual([['set-aside', movedTo, sha256('')]]);
    const [after, before] = (await reviews.history(stored.documentId, { limit: 10 })).entries.filter(isAuditEntry);
    expect(before).toMatchObject({ action: 'rejected', rulesHash: null });
    expect(after).toMatchObject({ action: 'accepted', rulesHash: sha256('') });
  });
});
