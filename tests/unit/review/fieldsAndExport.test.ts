import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractNotices, flattenFields, noticeConcerns } from '../../../shared/grounding/fields.js';
import { recogniseResult } from '../../../shared/resultShapes.js';
import { parsePageList } from '../../../shared/pageList.js';
import type { StoredResult } from '../../../shared/workspace.js';
import { exportReview } from '../../../electron/review/exportReview.js';
import { Reviews } from '../../../electron/review/reviews.js';
import { Workspace } from '../../../electron/workspace/workspace.js';
import { createLogger } from '../../../electron/log.js';

describe('fields', () => {
  it('flattens nested objects and arrays with their ranges', () => {
    const fields = flattenFields(
      { total: 12, vendor: { name: 'Acme' }, items: [{ sku: 'A1' }, { sku: 'B2' }] },
      { total: { ranges: [{ start: 1, end: 3 }] }, vendor: { name: { ranges: [{ start: 5, end: 9 }] } }, items: [{ sku: { ranges: [{ start: 10, end: 12 }] } }, { sku: { ranges: [] } }] },
    );
    expect(fields).toEqual([
      { path: 'total', value: 12, ranges: [{ start: 1, end: 3 }] },
      { path: 'vendor.name', value: 'Acme', ranges: [{ start: 5, end: 9 }] },
      { path: 'items[0].sku', value: 'A1', ranges: [{ start: 10, end: 12 }] },
      { path: 'items[1].sku', value: 'B2', ranges: [] },
    ]);
  });

  it('puts warnings next to the fields they name, and not next to fields that merely share a prefix', () => {
    const notices = extractNotices({ warnings: [{ code: 'nonconformant_output', msg: 'Field "total": "12 EUR" is not a number' }], schema_violation_error: 'required field due_date missing' });
    expect(notices.map((n) => n.code)).toEqual(['nonconformant_output', 'schema_violation']);
    expect(noticeConcerns(notices[0]!, 'total')).toBe(true);
    expect(noticeConcerns(notices[0]!, 'tot')).toBe(false);
    expect(noticeConcerns(notices[1]!, 'due_date')).toBe(true);
  });
});

describe('result files are recognised by shape', () => {
  const parse = { markdown: '', metadata: {}, structure: { type: 'document', children: [] } };
  it.each([
    [parse, 'parse'],
    [{ extraction: {}, extraction_metadata: {}, metadata: {} }, 'extract'],
    [{ status: 'completed', result: parse }, 'parse'],
    [{ data: { markdown: '', chunks: [] } }, 'analyzer'],
  ])('%j is a %s result', (value, kind) => expect(recogniseResult(value)).toMatchObject({ kind }));

  it.each([[{ type: 'object' }], [[]], [{ status: 'processing', result: null }]])('%j is refused with what was expected', (value) => {
    expect(recogniseResult(value)).toHaveProperty('error');
  });
});

describe('page lists', () => {
  it.each([
    ['1-3, 5', [1, 2, 3, 5]],
    ['5,1,1', [1, 5]],
    ['', []],
  ])('%j → %j', (text, pages) => expect(parsePageList(text)).toEqual({ pages }));
  it.each(['0', '3-1', 'a', '1,,2'])('%j is refused', (text) => expect(parsePageList(text)).toHaveProperty('error'));
});

describe('review export', () => {
  const extraction = {
    id: 'x1', documentId: 'd', kind: 'extract', engine: 'extract', createdAt: '2026-01-01T00:00:00Z', modelVersion: 'm', pageCount: 1, credits: 1, partial: false,
    response: { extraction: { total: '1,242.00', formula: '=HYPERLINK("x")', delta: -5, memo: 'line one\nsaid "hi"' }, extraction_metadata: {} },
  } as StoredResult;
  const review = {
    extractionId: 'x1', updatedAt: '', fields: {
      total: { status: 'accepted' as const, decidedAt: '' },
      formula: { status: 'rejected' as const, note: 'junk', decidedAt: '' },
      delta: { status: 'corrected' as const, correctedValue: '-6', decidedAt: '' },
    },
  };

  it('writes CSV that spreadsheets read safely: quoted, formulas defused, negative numbers intact', () => {
    const { content, fileName } = exportReview(extraction, review, 'invoice.pdf', 'csv');
    expect(fileName).toBe('invoice-review.csv');
    const lines = content.split('\r\n');
    expect(lines[0]).toBe('field,model_value,status,reviewer_value,note');
    expect(lines[1]).toBe('total,"1,242.00",accepted,"1,242.00",');
    expect(lines[2]).toBe(`formula,"'=HYPERLINK(""x"")",rejected,,junk`);
    expect(lines[3]).toBe('delta,-5,corrected,-6,');
    expect(content).toContain('memo,"line one\nsaid ""hi""",unreviewed,,');
  });

  it('writes JSON with both values and the progress', () => {
    const exported = JSON.parse(exportReview(extraction, review, 'invoice.pdf', 'json').content);
    expect(exported).toMatchObject({ reviewed: 3, total: 4 });
    expect(exported.fields[2]).toEqual({ field: 'delta', model_value: -5, status: 'corrected', reviewer_value: '-6', note: '' });
  });
});

describe('reviews on disk', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-reviews-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps every decision of quick successive clicks, and takes one back on null', async () => {
    const workspace = new Workspace(dir, createLogger(null, { console: false }));
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const document = await workspace.addDocument('a.pdf', await pdf.save());
    const extraction = await workspace.saveResult({ documentId: document.id, kind: 'extract', engine: 'local', modelVersion: null, pageCount: null, credits: 0, partial: false, response: { extraction: { a: 1, b: 2, c: 3 }, extraction_metadata: {} } });
    const reviews = new Reviews(workspace);
    await Promise.all(['a', 'b', 'c'].map((path) => reviews.decide(extraction.id, path, { status: 'accepted' })));
    expect(Object.keys((await new Reviews(workspace).get(extraction.id)).fields).sort()).toEqual(['a', 'b', 'c']);
    await reviews.decide(extraction.id, 'b', null);
    expect(Object.keys((await reviews.get(extraction.id)).fields).sort()).toEqual(['a', 'c']);
    await expect(reviews.get('missing-id')).rejects.toMatchObject({ code: 'result_not_found' });
  });
});
