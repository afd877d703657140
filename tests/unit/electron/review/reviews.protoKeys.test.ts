import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Reviews } from '../../../../electron/review/reviews.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import { createLogger } from '../../../../electron/core/log.js';
import { isAuditEntry } from '../../../../shared/ipc/audit.js';
import { decisionOf } from '../../../../shared/reviewFields.js';
import { recordTrustRow } from '../../../trust/trustReport.js';
import { removeWorkspaceDir, storedExtraction } from '../../../support/workspaceDir.js';

// Field names are the extraction's, so any name: `__proto__`, `constructor` and every other
// member of Object.prototype are keys like any other in the review, the trail and the export.
const logger = createLogger(null, { console: false });
/** Every name a plain object inherits, and `__proto__` itself. */
const NAMES = [...new Set(['__proto__', ...Object.getOwnPropertyNames(Object.prototype)])];
/** Parsed, not written as a literal: a literal `__proto__` key would set the prototype. */
const values = (names: readonly string[]) =>
  JSON.parse(JSON.stringify(Object.fromEntries(names.map((name, i) => [name, `v${i}`])))) as Record<string, unknown>;

const tally: { case: string; ok: boolean }[] = [];
afterAll(() =>
  recordTrustRow({
    check: 'field names as keys',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note: tally.find((t) => !t.ok)?.case ?? `${NAMES.length} Object.prototype names: review, trail, export, counts`,
  }),
);

describe('fields named like Object.prototype members', () => {
  let dir: string;
  let workspace: Workspace;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-proto-'));
    workspace = new Workspace(dir, logger);
  });
  afterEach(() => removeWorkspaceDir(dir, workspace));

  it('keeps a decision on each in the review, the trail and the export; undecided ones count as undecided', async () => {
    const stored = await storedExtraction(workspace, values(NAMES), 'inv.pdf');
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    const check = (name: string, ok: boolean) => tally.push({ case: name, ok });
    check('nothing decided yet', (await reviews.decidedCount(stored)) === 0);
    const untouched = JSON.parse((await reviews.export(stored.id, 'json')).content) as { fields: { status: string }[] };
    check(
      'undecided in the export',
      untouched.fields.every((f) => f.status === 'unreviewed'),
    );

    for (const name of NAMES) {
      const failed = await reviews.decide(stored.id, name, { status: 'corrected', correctedValue: `c-${name}` }).then(
        () => null,
        (error: unknown) => String(error),
      );
      check(`decide ${name}${failed ? `: ${failed}` : ''}`, failed === null);
    }
    const review = await new Reviews(new Workspace(dir, logger)).get(stored.id);
    for (const name of NAMES) check(`review keeps ${name}`, decisionOf(review.fields, name)?.correctedValue === `c-${name}`);
    check('review holds each once', Object.keys(review.fields).length === NAMES.length);
    check('decided count', (await reviews.decidedCount(stored)) === NAMES.length);

    const trail = (await reviews.history(stored.documentId, { limit: 100 })).entries;
    check('trail has no unreadable line', trail.every(isAuditEntry));
    const recorded = trail.filter(isAuditEntry).map((e) => `${e.path} ${e.action} ${JSON.stringify(e.before)} ${e.after?.value}`);
    for (const name of NAMES) check(`trail records ${name}`, recorded.includes(`${name} corrected null c-${name}`));

    const exported = JSON.parse((await reviews.export(stored.id, 'json')).content) as {
      fields: { field: string; status: string; reviewer_value: string }[];
    };
    for (const name of NAMES) {
      const row = exported.fields.find((f) => f.field === name);
      check(`export ${name}`, row?.status === 'corrected' && row.reviewer_value === `c-${name}`);
    }

    await reviews.decide(stored.id, 'constructor', null);
    const cleared = (await reviews.history(stored.documentId, { limit: 1 })).entries[0];
    check('taking back constructor', cleared !== undefined && isAuditEntry(cleared) && cleared.action === 'cleared');
    check('constructor undecided again', decisionOf((await reviews.get(stored.id)).fields, 'constructor') === undefined);

    expect(tally.filter((t) => !t.ok).map((t) => t.case)).toEqual([]);
  });
});
