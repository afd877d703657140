import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Queues } from '../../../../electron/review/queues.js';
import { Reviews } from '../../../../electron/review/reviews.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import { createLogger } from '../../../../electron/core/log.js';
import { Rules, schemaKey } from '../../../../electron/rules/rules.js';
import { extractionOn, removeWorkspaceDir } from '../../../support/workspaceDir.js';
import { wordResults } from '../../../support/wordResults.js';
import { isAuditEntry } from '../../../../shared/ipc/audit.js';

const logger = createLogger(null, { console: false });

/** A document of its own (its title makes its bytes, hence its id, differ) with an extraction of `values`. */
async function documentWithExtraction(workspace: Workspace, name: string, values: Record<string, unknown> | null): Promise<string> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(name);
  pdf.addPage();
  const document = await workspace.addDocument(name, await pdf.save());
  if (values) await extractionOn(workspace, document.id, values);
  return document.id;
}

describe('review queues', () => {
  let dir: string;
  let workspace: Workspace;
  let reviews: Reviews;
  let queues: Queues;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-queues-'));
    workspace = new Workspace(dir, logger);
    reviews = new Reviews(workspace, undefined, () => 'ana');
    queues = new Queues(workspace, (id) => reviews.decidedCount(id));
  });
  afterEach(() => removeWorkspaceDir(dir, workspace));

  it('holds each document with an extraction, its newest one, and leaves out the documents without one', async () => {
    const a = await documentWithExtraction(workspace, 'a.pdf', { x: 1, y: 2 });
    await documentWithExtraction(workspace, 'none.pdf', null);
    const newer = await extractionOn(workspace, a, { x: 1, y: 2, z: 3 });
    const queue = await queues.create({ kind: 'all' });
    expect(queue.items).toEqual([{ documentId: a, extractionId: newer.id, name: 'a.pdf', fields: 3, gone: false, decided: 0 }]);
    expect(queue.leftOut).toBe(1);
    expect(queue.label).toBe('Every document with an extraction');
  });

  it('"not yet reviewed" leaves out the documents whose every field is decided', async () => {
    const done = await documentWithExtraction(workspace, 'done.pdf', { x: 1 });
    const half = await documentWithExtraction(workspace, 'half.pdf', { x: 1, y: 2 });
    const library = await workspace.library();
    const extractionOfDoc = (id: string) => library.find((e) => e.document.id === id)!.results[0]!.id;
    await reviews.decide(extractionOfDoc(done), 'x', { status: 'accepted' });
    await reviews.decide(extractionOfDoc(half), 'x', { status: 'accepted' });
    const queue = await queues.create({ kind: 'unreviewed' });
    expect(queue.items.map((i) => [i.name, i.decided, i.fields])).toEqual([['half.pdf', 1, 2]]);
  });

  it('a listed queue keeps the order it was given and says what listed it; a queue of nothing is refused saying why', async () => {
    const a = await documentWithExtraction(workspace, 'a.pdf', { x: 1 });
    const b = await documentWithExtraction(workspace, 'b.pdf', { x: 1 });
    const queue = await queues.create({ kind: 'listed', documentIds: [b, a, b], filter: ' acme ' });
    expect(queue.items.map((i) => i.name)).toEqual(['b.pdf', 'a.pdf']);
    expect(queue.label).toBe('Listed: name contains “acme”');
    const none = await documentWithExtraction(workspace, 'none.pdf', null);
    await expect(queues.create({ kind: 'listed', documentIds: [none], filter: '' })).rejects.toMatchObject({
      code: 'queue_empty',
      message: expect.stringContaining('1 document has no extraction'),
    });
  });

  it('keeps its place on disk, resumes from it, reports deleted documents as gone, and is no longer offered once ended', async () => {
    const ids = [];
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) ids.push(await documentWithExtraction(workspace, name, { x: 1 }));
    const queue = await queues.create({ kind: 'all' });
    await queues.move(queue.id, 2);
    await queues.move(queue.id, 99);
    // Another process (the app after a restart) reads the same file.
    const again = new Queues(workspace, (id) => reviews.decidedCount(id));
    expect(await again.list()).toEqual([expect.objectContaining({ id: queue.id, position: 2, count: 3 })]);
    const stored = JSON.parse(await readFile(join(dir, 'workspace', 'queues', `${queue.id}.json`), 'utf8'));
    expect(stored.position).toBe(2);
    await workspace.trashDocument(queue.items[1]!.documentId);
    expect((await again.get(queue.id)).items.map((i) => i.gone)).toEqual([false, true, false]);
    await again.close(queue.id);
    expect(await again.list()).toEqual([]);
  });

  it('a file that does not read is not a queue, and is not written over', async () => {
    await documentWithExtraction(workspace, 'a.pdf', { x: 1 });
    const queue = await queues.create({ kind: 'all' });
    const file = join(dir, 'workspace', 'queues', `${queue.id}.json`);
    await writeFile(file, '{"torn');
    await expect(queues.move(queue.id, 0)).rejects.toMatchObject({ code: 'unreadable_record' });
    expect(await readFile(file, 'utf8')).toBe('{"torn');
  });
});

describe("every saved decision is in its document's audit trail", () => {
  let dir: string;
  let workspace: Workspace;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-trail-'));
    workspace = new Workspace(dir, logger);
  });
  afterEach(() => removeWorkspaceDir(dir, workspace));

  it('records who, when, which result and field, and before/after read from the stored review', async () => {
    const documentId = await documentWithExtraction(workspace, 'inv.pdf', { total: 12, note: 'x' });
    const extractionId = (await workspace.library())[0]!.results[0]!.id;
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    await reviews.decide(extractionId, 'total', { status: 'accepted' });
    await reviews.decide(extractionId, 'total', { status: 'accepted' }); // changes nothing: not an entry
    await reviews.decide(extractionId, 'total', { status: 'corrected', correctedValue: '13' });
    await reviews.decide(extractionId, 'total', { status: 'accepted' }, { undo: true });
    await reviews.decide(extractionId, 'note', { status: 'rejected', note: 'smudged' });
    const history = (await reviews.history(documentId, { limit: 100 })).entries.filter(isAuditEntry);
    expect(history.map((e) => [e.action, e.path, e.before?.value ?? null, e.after?.value ?? null])).toEqual([
      ['rejected', 'note', null, 'x'],
      ['undo', 'total', '13', '12'],
      ['corrected', 'total', '12', '13'],
      ['accepted', 'total', null, '12'],
    ]);
    expect(history.every((e) => e.user === 'ana' && e.documentId === documentId && e.resultId === extractionId)).toBe(true);
    expect(history[0]!.after).toEqual({ status: 'rejected', value: 'x', note: 'smudged' });
    expect(Number.isNaN(Date.parse(history[0]!.at))).toBe(false);
    const csv = await reviews.exportHistory(documentId);
    expect(
      csv.content
        .split('\r\n')
        .slice(1, -1)
        .map((line) => line.split(',')[5]),
    ).toEqual(['accepted', 'corrected', 'undo', 'rejected']);
  });

  it('a decision refused (its review unreadable) leaves no entry', async () => {
    const documentId = await documentWithExtraction(workspace, 'inv.pdf', { total: 12 });
    const extractionId = (await workspace.library())[0]!.results[0]!.id;
    await mkdir(join(dir, 'workspace', 'reviews'), { recursive: true });
    await writeFile(join(dir, 'workspace', 'reviews', `${extractionId}.json`), '{"torn');
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    await expect(reviews.decide(extractionId, 'total', { status: 'accepted' })).rejects.toMatchObject({ code: 'unreadable_record' });
    expect((await reviews.history(documentId, { limit: 100 })).entries).toEqual([]);
  });
});

describe('a queue of the documents that need attention', () => {
  let dir: string;
  let workspace: Workspace;
  let queues: Queues;
  const base = { modelVersion: 'v', pageCount: 1, credits: 0, partial: false };
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-attention-'));
    workspace = new Workspace(dir, logger);
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    queues = new Queues(workspace, (id) => reviews.decidedCount(id));
  });
  afterEach(() => removeWorkspaceDir(dir, workspace));

  /** The word-scored invoice parsed by `model` (verity scores each word; pro none), with its extraction. */
  async function invoice(title: string, model: 'verity' | 'pro'): Promise<string> {
    const made = await wordResults(title);
    const document = await workspace.addDocument(`${title}.pdf`, made.pdf);
    const parse = await workspace.saveResult({ ...base, documentId: document.id, kind: 'parse', engine: 'parse', response: made[model] });
    await workspace.saveResult({
      ...base,
      documentId: document.id,
      kind: 'extract',
      engine: 'extract',
      sourceResultId: parse.id,
      response: made.extraction,
    });
    return document.id;
  }

  it('holds a document with a field under the threshold, and not one without scores', async () => {
    const scored = await invoice('scored', 'verity');
    await invoice('unscored', 'pro');
    // The total's weakest word scores 0.62.
    const queue = await queues.create({ kind: 'attention', threshold: 0.8 });
    expect(queue.items.map((i) => i.documentId)).toEqual([scored]);
    expect(queue.label).toBe('Low confidence (under 80 %) or failing rules');
    await expect(queues.create({ kind: 'attention', threshold: 0.6 })).rejects.toMatchObject({ code: 'queue_empty' });
  });

  it('holds a document a rule of the schema fails on, scores or not', async () => {
    await invoice('scored', 'verity');
    await invoice('unscored', 'pro');
    const schema = { type: 'object', properties: { invoice_number: { type: 'string' } } };
    await new Rules(workspace).save({ schema }, 'pattern invoice_number /^X-/');
    const queue = await queues.create({ kind: 'attention', threshold: 0.6, schema });
    expect(queue.items).toHaveLength(2);
  });

  it('holds a document whose scores cannot be read, and says how many', async () => {
    const scored = await invoice('scored', 'verity');
    const unreadable = await invoice('unreadable', 'verity');
    const parseOf = (await workspace.library()).find((e) => e.document.id === unreadable)!.results.find((r) => r.kind === 'parse')!.id;
    const resultModel = workspace.resultModel.bind(workspace);
    workspace.resultModel = (id) => (id === parseOf ? Promise.reject(new Error('damaged')) : resultModel(id));
    // Under 0.6 no field of a readable invoice is low: only the unreadable one is held.
    const queue = await queues.create({ kind: 'attention', threshold: 0.6 });
    expect(queue.items.map((i) => i.documentId)).toEqual([unreadable]);
    expect(queue.unscored).toBe(1);
    expect(scored).not.toBe(unreadable);
  });

  it('a step reads the review of the item it is at, not every review of the queue; the item left keeps its count', async () => {
    const reviews = new Reviews(workspace, undefined, () => 'ana');
    let reads = 0;
    const counting = new Queues(workspace, (extraction) => (reads++, reviews.decidedCount(extraction)));
    for (let i = 0; i < 6; i++) await invoice(`inv${i}`, 'pro');
    const queue = await counting.create({ kind: 'all' });
    const first = queue.items[0]!;
    await reviews.decide(first.extractionId, 'invoice_number', { status: 'accepted' });
    reads = 0;
    const moved = await counting.move(queue.id, 1);
    const fresh = await counting.get(queue.id);
    // The item left and the item arrived at (twice: move and get), whatever the queue's length.
    expect(reads).toBe(3);
    expect(moved.items[0]!.decided).toBe(1);
    expect(fresh.items.map((i) => i.decided)).toEqual([1, 0, 0, 0, 0, 0]);
    await counting.close(queue.id);
    await expect(counting.move(queue.id, 2)).rejects.toMatchObject({ code: 'queue_closed', hint: expect.any(String) });
  });

  it('holds a document whose schema’s rules file cannot be read: its rules cannot be checked', async () => {
    await invoice('scored', 'verity');
    await invoice('unscored', 'pro');
    const schema = { type: 'object', properties: { invoice_number: { type: 'string' } } };
    await mkdir(join(workspace.root, 'rules'), { recursive: true });
    await writeFile(join(workspace.root, 'rules', `${schemaKey(schema)}.json`), 'not json');
    const queue = await queues.create({ kind: 'attention', threshold: 0.6, schema });
    expect(queue.items).toHaveLength(2);
  });
});
