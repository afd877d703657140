import { appendFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Reviews } from '../../../../electron/review/reviews.js';
import { Rules, schemaKey } from '../../../../electron/rules/rules.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import { createLogger } from '../../../../electron/core/log.js';
import type { JsonDirStore } from '../../../../electron/storage/jsonDirStore.js';
import type { Review } from '../../../../shared/review.js';
import { isAuditEntry } from '../../../../shared/ipc/audit.js';
import { removeWorkspaceDir, storedExtraction } from '../../../support/workspaceDir.js';

// What a decision leaves in the review and the audit trail: the two are written one after the
// other, and the trail says which entries' review writes never landed. And what the review
// file keeps of decisions made in quick succession, or written by a newer version.
const logger = createLogger(null, { console: false });
const SCHEMA = { type: 'object', properties: { total: { type: 'string' }, invoice_number: { type: 'string' } } };

async function extraction(workspace: Workspace): Promise<{ documentId: string; extractionId: string }> {
  const stored = await storedExtraction(workspace, { total: '12', invoice_number: 'A-1' }, 'inv.pdf');
  return { documentId: stored.documentId, extractionId: stored.id };
}

/** The reviews' store, to make its next write fail or never finish. */
const storeOf = (reviews: Reviews) => (reviews as unknown as { store: JsonDirStore<Review> }).store;

describe('a decision and its audit entry', () => {
  let dir: string;
  let workspace: Workspace;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-trail-'));
    workspace = new Workspace(dir, logger);
  });
  afterEach(() => removeWorkspaceDir(dir, workspace));

  const trail = async (reviews: Reviews, documentId: string) =>
    (await reviews.history(documentId, { limit: 100 })).entries.map((e) =>
      'unreadable' in e ? 'unreadable' : `${e.action} ${e.path}${e.saved ? '' : ' (not saved)'}`,
    );

  it('a review write that fails leaves its entry marked not saved; the retry is saved, once', async () => {
    const { documentId, extractionId } = await extraction(workspace);
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    await reviews.decide(extractionId, 'total', { status: 'accepted' });
    const store = storeOf(reviews);
    const write = store.write.bind(store);
    store.write = () => Promise.reject(new Error('disk full'));
    await expect(reviews.decide(extractionId, 'invoice_number', { status: 'rejected' })).rejects.toThrow('disk full');
    store.write = write;
    await reviews.decide(extractionId, 'invoice_number', { status: 'rejected' });
    expect(await trail(reviews, documentId)).toEqual(['rejected invoice_number', 'rejected invoice_number (not saved)', 'accepted total']);
    expect(Object.keys((await reviews.get(extractionId)).fields)).toEqual(['total', 'invoice_number']);
    const csv = (await reviews.exportHistory(documentId)).content.split('\r\n').slice(1, -1);
    expect(csv.map((line) => line.split(',').at(-3))); // saved; then the rules hash and the chain.toEqual(['yes', 'no (the save did not finish)', 'yes']);
  });

  it('the app stopping between the entry and the review write: after a restart the entry reads not saved, and stays so', async () => {
    const { documentId, extractionId } = await extraction(workspace);
    const before = new Reviews(workspace, undefined, () => 'ana');
    await before.decide(extractionId, 'total', { status: 'accepted' });
    // The write never happens: the entry is appended, then the app stops.
    storeOf(before).write = () => new Promise(() => undefined);
    void before.decide(extractionId, 'total', { status: 'rejected' });
    await new Promise((resolve) => setImmediate(resolve));
    const restarted = new Reviews(new Workspace(dir, logger), undefined, () => 'ana');
    await expect.poll(() => trail(restarted, documentId)).toEqual(['rejected total (not saved)', 'accepted total']);
    await restarted.decide(extractionId, 'invoice_number', { status: 'accepted' });
    expect(await trail(restarted, documentId)).toEqual(['accepted invoice_number', 'rejected total (not saved)', 'accepted total']);
    expect((await restarted.get(extractionId)).fields.total?.status).toBe('accepted');
  });

  it('refuses a path that is not a field of the extraction, and counts only real fields as decided', async () => {
    const { documentId, extractionId } = await extraction(workspace);
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    await expect(reviews.decide(extractionId, 'made_up', { status: 'accepted' })).rejects.toMatchObject({
      code: 'unknown_field',
      hint: expect.any(String),
    });
    expect(await trail(reviews, documentId)).toEqual([]);
    await reviews.decide(extractionId, 'total', { status: 'accepted' });
    // A review file with a stray path (written by an older version, or by hand).
    const review = await reviews.get(extractionId);
    await storeOf(reviews).write(extractionId, { ...review, fields: { ...review.fields, stray: { status: 'accepted', decidedAt: 'x' } } });
    expect(await reviews.decidedCount(await workspace.result(extractionId))).toBe(1);
  });

  it('an accept a failing rule names is recorded as an override naming the rule; undo is named only when it restores the previous state', async () => {
    const { documentId, extractionId } = await extraction(workspace);
    await new Rules(workspace).save({ schema: SCHEMA }, 'pattern invoice_number /^X-/');
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    await reviews.decide(extractionId, 'invoice_number', { status: 'accepted' }, { schema: SCHEMA });
    await reviews.decide(extractionId, 'total', { status: 'accepted' }, { schema: SCHEMA });
    const [total, overridden] = (await reviews.history(documentId, { limit: 10 })).entries.filter(isAuditEntry);
    expect(overridden).toMatchObject({
      action: 'override',
      path: 'invoice_number',
      rules: [expect.stringContaining('line 1: pattern invoice_number')],
    });
    expect(total).toMatchObject({ action: 'accepted' });
    expect(total!.rules).toBeUndefined();
    // "undo" that sets a state the field never had before its latest entry: a plain reject.
    await reviews.decide(extractionId, 'total', { status: 'rejected' }, { undo: true });
    // A true undo: back to accepted, what it had before the reject.
    await reviews.decide(extractionId, 'total', { status: 'accepted' }, { undo: true });
    expect((await trail(reviews, documentId)).slice(0, 2)).toEqual(['undo total', 'rejected total']);
  });

  it('an accept while the rules file cannot be read is recorded as an override naming the file', async () => {
    const { documentId, extractionId } = await extraction(workspace);
    await mkdir(join(workspace.root, 'rules'), { recursive: true });
    await writeFile(join(workspace.root, 'rules', `${schemaKey(SCHEMA)}.json`), 'not json');
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    await reviews.decide(extractionId, 'total', { status: 'accepted' }, { schema: SCHEMA });
    const [entry] = (await reviews.history(documentId, { limit: 10 })).entries;
    expect(entry).toMatchObject({ action: 'override', rules: [`rules unreadable: rules/${schemaKey(SCHEMA)}.json`] });
  });

  it('entries of an extraction since deleted are not called unsaved (its review went to the trash with it)', async () => {
    const { documentId, extractionId } = await extraction(workspace);
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    await reviews.decide(extractionId, 'total', { status: 'accepted' });
    await workspace.trashResult(extractionId);
    expect(await trail(reviews, documentId)).toEqual(['accepted total']);
    const csv = (await reviews.exportHistory(documentId)).content.split('\r\n').slice(1, -1);
    expect(csv.map((line) => line.split(',').at(-3))); // saved; then the rules hash and the chain.toEqual(['yes']);
  });

  it('pages the trail from its end: the newest first, then older pages, none twice', async () => {
    const { documentId, extractionId } = await extraction(workspace);
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    for (let i = 0; i < 7; i++) await reviews.decide(extractionId, 'total', { status: i % 2 ? 'rejected' : 'accepted', note: `n${i}` });
    // A torn last line (a crash mid-append) is shown as unreadable, in its place.
    await appendFile(join(dir, 'workspace', 'audit', `${documentId}.jsonl`), '{"at":');
    const notes: string[] = [];
    let before: number | undefined;
    let pages = 0;
    do {
      const page = await reviews.history(documentId, { limit: 3, ...(before === undefined ? {} : { before }) });
      notes.push(...page.entries.map((e) => ('unreadable' in e ? `unreadable (${e.bytes} bytes)` : (e.after?.note ?? ''))));
      expect(page.entries.every((e) => 'unreadable' in e || e.saved)).toBe(true);
      before = page.next ?? undefined;
      pages++;
    } while (before !== undefined);
    expect(notes).toEqual(['unreadable (6 bytes)', 'n6', 'n5', 'n4', 'n3', 'n2', 'n1', 'n0']);
    expect(pages).toBe(3);
  });
});

describe('reviews on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-reviews-'));
  });
  afterEach(() => removeWorkspaceDir(dir));

  it('keeps every decision of quick successive clicks, and takes one back on null', async () => {
    const workspace = new Workspace(dir, logger);
    const extraction = await storedExtraction(workspace, { a: 1, b: 2, c: 3 });
    const reviews = new Reviews(workspace);
    await Promise.all(['a', 'b', 'c'].map((path) => reviews.decide(extraction.id, path, { status: 'accepted' })));
    expect(Object.keys((await new Reviews(workspace).get(extraction.id)).fields).sort()).toEqual(['a', 'b', 'c']);
    await reviews.decide(extraction.id, 'b', null);
    expect(Object.keys((await reviews.get(extraction.id)).fields).sort()).toEqual(['a', 'c']);
    await expect(reviews.get('missing-id')).rejects.toMatchObject({ code: 'result_not_found' });
  });

  it('never writes over decisions it cannot read: the next decision is refused and the file kept', async () => {
    const workspace = new Workspace(dir, logger);
    const extraction = await storedExtraction(workspace, { a: 1 });
    // Written by a newer version, say, with a status this one does not know.
    const file = join(dir, 'workspace', 'reviews', `${extraction.id}.json`);
    const newer = JSON.stringify({
      extractionId: extraction.id,
      updatedAt: '2030-01-01T00:00:00.000Z',
      fields: { a: { status: 'escalated', decidedAt: '2030-01-01T00:00:00.000Z' } },
    });
    await mkdir(join(dir, 'workspace', 'reviews'), { recursive: true });
    await writeFile(file, newer);
    const reviews = new Reviews(workspace);
    await expect(reviews.decide(extraction.id, 'a', { status: 'accepted' })).rejects.toMatchObject({ code: 'unreadable_record' });
    expect(await readFile(file, 'utf8')).toBe(newer);
  });
});
