import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { StoredResult } from '../../../../shared/result.js';
import { exportReview } from '../../../../electron/review/exportReview.js';
import { loadExportSource, type ExportSource } from '../../../../electron/review/exportSource.js';
import { markdownLength, sliceMarkdown } from '../../../../shared/grounding/parseModel.js';
import { modelOfResult } from '../../../../shared/grounding/resultModel.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import { createLogger } from '../../../../electron/core/log.js';
import { removeWorkspaceDir } from '../../../support/workspaceDir.js';
import { parsedPage, parseOfPages } from '../../../support/onePageParse.js';

describe('review export', () => {
  const extraction = {
    id: 'x1',
    documentId: 'd',
    kind: 'extract',
    engine: 'extract',
    createdAt: '2026-01-01T00:00:00Z',
    modelVersion: 'm',
    pageCount: 1,
    credits: 1,
    partial: false,
    response: {
      extraction: { total: '1,242.00', formula: '=HYPERLINK("x")', delta: -5, memo: 'line one\nsaid "hi"' },
      extraction_metadata: {},
    },
  } as StoredResult;
  const review = {
    extractionId: 'x1',
    updatedAt: '',
    fields: {
      total: { status: 'accepted' as const, decidedAt: '' },
      formula: { status: 'rejected' as const, note: 'junk', decidedAt: '' },
      delta: { status: 'corrected' as const, correctedValue: '-6', decidedAt: '' },
    },
  };
  const noSource: ExportSource = { model: null, reason: 'no parse result' };

  it('writes CSV that spreadsheets read safely: quoted, formulas defused, negative numbers intact', () => {
    const { content, fileName } = exportReview(extraction, review, 'invoice.pdf', 'csv', noSource);
    expect(fileName).toBe('invoice-review.csv');
    const lines = content.split('\r\n');
    expect(lines[0]).toBe('field,model_value,status,reviewer_value,note,pages,boxes,source_text');
    expect(lines[1]).toBe('total,"1,242.00",accepted,"1,242.00",,,,');
    expect(lines[2]).toBe(`formula,"'=HYPERLINK(""x"")",rejected,,junk,,,`);
    expect(lines[3]).toBe('delta,-5,corrected,-6,,,,');
    expect(content).toContain('memo,"line one\nsaid ""hi""",unreviewed,,,,,');
  });

  it('writes JSON with both values and the progress, and says when there is no source to ground the fields in', () => {
    const exported = JSON.parse(exportReview(extraction, review, 'invoice.pdf', 'json', noSource).content);
    expect(exported).toMatchObject({ reviewed: 3, total: 4, source: { result_id: null, grounding_missing: 'no parse result' } });
    expect(exported.fields[2]).toEqual({
      field: 'delta',
      model_value: -5,
      status: 'corrected',
      reviewer_value: '-6',
      note: '',
      pages: [],
      boxes: [],
      source_text: null,
    });
  });
});

describe('review export: page, box and exact source text per field', () => {
  // Two pages; an astral character before the values, so code-point ranges differ from UTF-16 offsets.
  const markdown = '😀 Invoice number: INV-7\n\nTotal: =SUM(A1)\n\nPage two note: paid';
  const cp = (text: string) => Array.from(markdown.slice(0, markdown.indexOf(text))).length;
  const span = (text: string) => ({ start: cp(text), end: cp(text) + Array.from(text).length });
  const grounding = (text: string, page: number, box: [number, number, number, number]) => ({
    page,
    range: span(text),
    box: { xmin: box[0], ymin: box[1], xmax: box[2], ymax: box[3] },
  });
  const parse = parseOfPages(markdown, { failed_pages: [] }, [
    parsedPage(grounding(markdown.slice(0, markdown.indexOf('Page two')), 1, [0, 0, 1, 1]), [
      { id: 'text-0', type: 'text', grounding: grounding('😀 Invoice number: INV-7', 1, [0.1, 0.1, 0.5, 0.15]) },
      { id: 'text-1', type: 'text', grounding: grounding('Total: =SUM(A1)', 1, [0.6, 0.8, 0.9, 0.85]) },
    ]),
    parsedPage(grounding('Page two note: paid', 2, [0, 0, 1, 1]), [
      { id: 'text-2', type: 'text', grounding: grounding('Page two note: paid', 2, [0.1022, 0.2204, 0.3801, 0.2409]) },
    ]),
  ]);
  const extraction = {
    id: 'x2',
    documentId: 'd',
    kind: 'extract',
    engine: 'local',
    createdAt: '',
    modelVersion: null,
    pageCount: 2,
    credits: 0,
    partial: false,
    sourceResultId: 'p1',
    response: {
      extraction: { invoice_number: 'INV-7', total: '=SUM(A1)', status: 'paid', missing: null },
      extraction_metadata: {
        invoice_number: { ranges: [span('INV-7')] },
        total: { ranges: [span('=SUM(A1)')] },
        status: { ranges: [span('INV-7'), span('paid')] },
        missing: { ranges: [] },
      },
    },
  } as StoredResult;
  const review = { extractionId: 'x2', updatedAt: '', fields: { total: { status: 'accepted' as const, decidedAt: '' } } };
  const source: ExportSource = { model: modelOfResult({ kind: 'parse', response: parse }), resultId: 'p1' };

  it('JSON rows carry 1-based pages, boxes as page fractions, and the exact Markdown of the ranges', () => {
    const exported = JSON.parse(exportReview(extraction, review, 'scan.pdf', 'json', source).content);
    expect(exported.source).toEqual({ result_id: 'p1' });
    const byField = Object.fromEntries(exported.fields.map((f: { field: string }) => [f.field, f]));
    expect(byField.invoice_number).toMatchObject({
      pages: [1],
      boxes: [{ page: 1, left: 0.1, top: 0.1, right: 0.5, bottom: 0.15 }],
      source_text: 'INV-7',
    });
    expect(byField.total).toMatchObject({ status: 'accepted', reviewer_value: '=SUM(A1)', pages: [1], source_text: '=SUM(A1)' });
    expect(byField.status).toMatchObject({ pages: [1, 2], source_text: 'INV-7 … paid' });
    expect(byField.status.boxes.map((b: { page: number }) => b.page)).toEqual([1, 2]);
    expect(byField.missing).toMatchObject({ pages: [], boxes: [], source_text: '' });
  });

  it('CSV has pages, compact boxes and the source text, with formulas in the source text defused too', () => {
    const lines = exportReview(extraction, review, 'scan.pdf', 'csv', source).content.split('\r\n');
    expect(lines[0]).toBe('field,model_value,status,reviewer_value,note,pages,boxes,source_text');
    expect(lines[1]).toBe('invoice_number,INV-7,unreviewed,,,1,"p1:0.100,0.100,0.500,0.150",INV-7');
    expect(lines[2]).toBe(`total,'=SUM(A1),accepted,'=SUM(A1),,1,"p1:0.600,0.800,0.900,0.850",'=SUM(A1)`);
    expect(lines[3]).toBe('status,paid,unreviewed,,,1 2,"p1:0.100,0.100,0.500,0.150; p2:0.102,0.220,0.380,0.241",INV-7 … paid');
  });

  it('loads the parse result an extraction was made from; a missing one leaves the rows ungrounded, saying why', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'groundwork-export-'));
    try {
      const workspace = new Workspace(dir, createLogger(null, { console: false }));
      const pdf = await PDFDocument.create();
      pdf.addPage();
      const document = await workspace.addDocument('a.pdf', await pdf.save());
      const stored = await workspace.saveResult({
        documentId: document.id,
        kind: 'parse',
        engine: 'local',
        modelVersion: null,
        pageCount: 2,
        credits: 0,
        partial: false,
        response: parse,
      });
      const loaded = await loadExportSource(workspace, { ...extraction, sourceResultId: stored.id });
      expect(loaded).toMatchObject({ resultId: stored.id });
      expect(loaded.model && sliceMarkdown(loaded.model, { start: 0, end: markdownLength(loaded.model) })).toBe(markdown);
      const missing = await loadExportSource(workspace, { ...extraction, sourceResultId: '01ARZ3NDEKTSV4RRFFQ69G5FAV' });
      expect(missing.model).toBeNull();
      const { sourceResultId: _source, ...withoutSource } = extraction;
      expect(await loadExportSource(workspace, withoutSource)).toMatchObject({
        model: null,
        reason: expect.stringContaining('does not say'),
      });
    } finally {
      await removeWorkspaceDir(dir);
    }
  });
});

describe('review export of an older analyzer result', () => {
  it('grounds the fields in the analyzer result itself: its chunks give the page (0-based there, 1-based here) and box', async () => {
    const markdown = 'Invoice INV-9\n\nTotal 12.00';
    const analyzer = {
      id: 'a1',
      documentId: 'd',
      kind: 'analyzer',
      engine: 'analyzer',
      createdAt: '',
      modelVersion: null,
      pageCount: 2,
      credits: 0,
      partial: false,
      response: {
        data: {
          markdown,
          chunks: [
            {
              chunk_id: 'c0',
              chunk_type: 'text',
              text: 'Invoice INV-9',
              grounding: [{ page: 0, box: { l: 0.1, t: 0.1, r: 0.4, b: 0.2 } }],
            },
            { chunk_id: 'c1', chunk_type: 'text', text: 'Total 12.00', grounding: [{ page: 1, box: { l: 0.5, t: 0.7, r: 0.9, b: 0.75 } }] },
          ],
          extracted_schema: { total: '12.00' },
          extraction_metadata: { total: { ranges: [{ start: markdown.indexOf('12.00'), end: markdown.indexOf('12.00') + 5 }] } },
        },
      },
    } as StoredResult;
    const source = await loadExportSource({} as Workspace, analyzer);
    const exported = JSON.parse(
      exportReview(analyzer, { extractionId: 'a1', updatedAt: '', fields: {} }, 'scan.pdf', 'json', source).content,
    );
    expect(exported.fields).toEqual([
      {
        field: 'total',
        model_value: '12.00',
        status: 'unreviewed',
        reviewer_value: null,
        note: '',
        pages: [2],
        boxes: [{ page: 2, left: 0.5, top: 0.7, right: 0.9, bottom: 0.75 }],
        source_text: '12.00',
      },
    ]);
  });
});
