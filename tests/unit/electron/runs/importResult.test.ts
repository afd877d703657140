import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/log.js';
import { importResult } from '../../../../electron/runs/importResult.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import { removeWorkspaceDir } from '../../../support/workspaceDir.js';

// A job's whole result imported with a document: only a parse result, and only onto a document
// with as many pages as the result says it covered.
let dir: string;
let workspace: Workspace;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-import-job-'));
  workspace = new Workspace(dir, createLogger(null, { console: false }));
});
afterEach(() => removeWorkspaceDir(dir, workspace));

async function pdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]);
  return doc.save();
}

const parse = (metadata: Record<string, unknown>) => ({
  status: 'completed',
  result: {
    markdown: 'Hello',
    metadata,
    structure: { type: 'document', children: [{ type: 'page', page: 1, status: 'ok', reason: '', children: [] }] },
  },
});
const extraction = {
  status: 'completed',
  result: { extraction: { total: '1' }, extraction_metadata: { total: { references: [] } }, metadata: { version: 'extract-20251024' } },
};

describe('importing a job result with its document', () => {
  it('refuses a parse result that reaches past the document’s pages, saying so', async () => {
    const document = await workspace.addDocument('three.pdf', await pdf(3));
    const refused = importResult(workspace, {
      documentId: document.id,
      fileName: 'job.json',
      text: JSON.stringify(parse({ page_count: 4 })),
      wholeDocument: true,
    });
    await expect(refused).rejects.toMatchObject({
      code: 'page_count_mismatch',
      message: expect.stringMatching(/reaches page 4, but "three\.pdf" has 3 pages/),
    });
    const onePage = await workspace.addDocument('one.pdf', await pdf(1));
    const pageTwo = parse({});
    pageTwo.result.structure.children[0]!.page = 2;
    await expect(
      importResult(workspace, { documentId: onePage.id, fileName: 'p2.json', text: JSON.stringify(pageTwo), wholeDocument: true }),
    ).rejects.toMatchObject({ code: 'page_count_mismatch' });
    expect((await workspace.library()).every((e) => e.results.length === 0)).toBe(true);
  });

  it('stores one whose pages fit: all of them, chosen ones (a job run with pages), or none reported', async () => {
    const document = await workspace.addDocument('two.pdf', await pdf(2));
    await expect(
      importResult(workspace, {
        documentId: document.id,
        fileName: 'a.json',
        text: JSON.stringify(parse({ page_count: 2 })),
        wholeDocument: true,
      }),
    ).resolves.toMatchObject({ kind: 'parse' });
    await expect(
      importResult(workspace, {
        documentId: document.id,
        fileName: 'c.json',
        text: JSON.stringify(parse({ page_count: 1 })),
        wholeDocument: true,
      }),
    ).resolves.toMatchObject({ kind: 'parse' });
    await expect(
      importResult(workspace, { documentId: document.id, fileName: 'b.json', text: JSON.stringify(parse({})), wholeDocument: true }),
    ).resolves.toMatchObject({ kind: 'parse' });
  });

  it("refuses an extract job's result: it would land on whatever parse result the document has last", async () => {
    const document = await workspace.addDocument('one.pdf', await pdf(1));
    await importResult(workspace, { documentId: document.id, fileName: 'parse.json', text: JSON.stringify(parse({ page_count: 1 })) });
    const refused = importResult(workspace, {
      documentId: document.id,
      fileName: 'extract.json',
      text: JSON.stringify(extraction),
      wholeDocument: true,
    });
    await expect(refused).rejects.toMatchObject({ code: 'job_result_not_parse' });
  });
});

describe('importing a result onto the open document', () => {
  const analyzer = (pageIndex: number) => ({
    data: {
      markdown: 'Hello',
      chunks: [{ text: 'Hello', chunk_type: 'text', chunk_id: 'c1', grounding: [{ page: pageIndex, box: { l: 0, t: 0, r: 1, b: 1 } }] }],
    },
  });

  it("refuses another document's parse or analyzer result: one reaching past this document's pages", async () => {
    const invoice = await workspace.addDocument('invoice.pdf', await pdf(1));
    await expect(
      importResult(workspace, { documentId: invoice.id, fileName: 'report-parse.json', text: JSON.stringify(parse({ page_count: 4 })) }),
    ).rejects.toMatchObject({
      code: 'page_count_mismatch',
      message: '"report-parse.json" reaches page 4, but "invoice.pdf" has 1 page: it is another document\'s result.',
      hint: expect.stringMatching(/^Open the document the result was made from/),
    });
    const two = await workspace.addDocument('two.pdf', await pdf(2));
    // The older tool numbers pages from 0: index 2 is the third page.
    await expect(
      importResult(workspace, { documentId: two.id, fileName: 'analyzer.json', text: JSON.stringify(analyzer(2)) }),
    ).rejects.toMatchObject({ code: 'page_count_mismatch', message: expect.stringContaining('reaches page 3') });
    expect((await workspace.library()).every((e) => e.results.length === 0)).toBe(true);
  });

  it('stores results that fit, and an extraction onto the parse it reads', async () => {
    const two = await workspace.addDocument('two.pdf', await pdf(2));
    await expect(
      importResult(workspace, { documentId: two.id, fileName: 'analyzer.json', text: JSON.stringify(analyzer(1)) }),
    ).resolves.toMatchObject({ kind: 'analyzer' });
    await expect(
      importResult(workspace, { documentId: two.id, fileName: 'parse.json', text: JSON.stringify(parse({ page_count: 2 })) }),
    ).resolves.toMatchObject({ kind: 'parse' });
    await expect(
      importResult(workspace, { documentId: two.id, fileName: 'extract.json', text: JSON.stringify(extraction) }),
    ).resolves.toMatchObject({ kind: 'extract' });
  });
});
