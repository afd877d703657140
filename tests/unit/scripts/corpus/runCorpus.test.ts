import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusReport, shortfall } from '../../../../scripts/corpus/corpusTable.js';
import { runCorpus, type FileOutcome } from '../../../../scripts/corpus/runCorpus.js';
import { badFiles, textPdf } from '../../../support/badFiles.js';
import { damagedPdfs } from '../../../support/damagedPdfs.js';
import { pdfBombs } from '../../../support/pdfBombs.js';

// `npm run corpus` on a folder of made files whose outcomes are known: every class of the
// table is reached, and a file that falls short is listed with why.
let folder: string;
let outcomes: FileOutcome[];

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'groundwork-corpus-test-'));
  await mkdir(join(folder, 'nested'));
  const files: [string, Uint8Array][] = [
    ['whole.pdf', await textPdf(2, 'Whole')],
    ['deep-objects.pdf', pdfBombs.deepObjects().bytes],
    ['nested/no-eof.pdf', (await damagedPdfs.withoutEof(3)).bytes],
    ['junk.pdf', (await damagedPdfs.junkBeforeHeader(2)).bytes],
    ['headless.pdf', (await damagedPdfs.withoutHeader(2)).bytes],
    ['cut-short.pdf', (await textPdf(3, 'Cut')).slice(0, 900)],
    ['not-a-pdf.pdf', new TextEncoder().encode('a text file under a PDF name')],
    ['empty.pdf', badFiles.empty().bytes],
  ];
  for (const [name, bytes] of files) await writeFile(join(folder, name), bytes);
  await writeFile(join(folder, 'notes.txt'), 'not looked at: not a .pdf');
  outcomes = await runCorpus(folder, { jobs: 2 });
}, 60_000);

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

const outcome = (file: string) => outcomes.find((o) => o.file === file) as FileOutcome;

describe('npm run corpus', () => {
  it('reads every .pdf under the folder, nested ones too, and nothing else', () => {
    expect(outcomes.map((o) => o.file)).toEqual([
      'cut-short.pdf',
      'deep-objects.pdf',
      'empty.pdf',
      'headless.pdf',
      'junk.pdf',
      'nested/no-eof.pdf',
      'not-a-pdf.pdf',
      'whole.pdf',
    ]);
  });

  it('sets each file beside bare pdf.js: opened, warned, parsed with pdf.js page count', () => {
    expect(outcome('whole.pdf')).toMatchObject({
      reference: { opens: true, pages: 2 },
      imported: { ok: true, value: { pages: 2, warnings: [] } },
      parsed: { ok: true, value: { pages: 2 } },
    });
    expect(outcome('deep-objects.pdf').parsed).toMatchObject({ ok: true, value: { pages: 2, failedPages: [1] } });
    expect(outcome('nested/no-eof.pdf')).toMatchObject({
      reference: { pages: 3 },
      imported: { value: { warnings: ['truncated_pdf'] } },
      parsed: { value: { pages: 3 } },
    });
    expect(outcome('junk.pdf').imported).toMatchObject({ ok: true, value: { warnings: ['junk_before_header'] } });
    expect(outcome('headless.pdf').imported).toMatchObject({ ok: true, value: { warnings: ['no_pdf_header'] } });
    expect(outcome('cut-short.pdf')).toMatchObject({
      reference: { opens: false },
      imported: { ok: false, code: 'truncated_pdf', clear: true, crashed: false },
      parsed: null,
    });
    expect(outcome('not-a-pdf.pdf').imported).toMatchObject({ ok: false, code: 'unsupported_file_type', clear: true });
    expect(outcome('empty.pdf').imported).toMatchObject({ ok: false, code: 'empty_file', clear: true });
    expect(outcomes.filter((o) => shortfall(o) !== null)).toEqual([]);
  });

  it('prints one table with the counts, then the files that fell short', () => {
    const report = corpusReport(outcomes);
    expect(report).toMatch(/^files +8$/m);
    expect(report).toMatch(/^pdf\.js opens +5$/m);
    expect(report).toMatch(/^ {2}page count agrees with pdf\.js +5$/m);
    expect(report).toMatch(/^ {2}pages failed alone \(files\) +1 \(1\)$/m);
    expect(report).toContain('Pages failed alone, by reason: This page could not be read: Maximum call stack size exceeded 1');
    expect(report).toMatch(/^ {2}opened with a warning +3 \(junk_before_header 1, no_pdf_header 1, truncated_pdf 1\)$/m);
    expect(report).toMatch(/^pdf\.js does not open +3$/m);
    expect(report).toMatch(/^ {2}refused with a clear error +3 \(empty_file 1, truncated_pdf 1, unsupported_file_type 1\)$/m);
    expect(report).toMatch(/^ {2}unclear refusals +0$/m);
    expect(report).toContain('No file fell short.');
  });

  it('lists a crash, a refusal of a file pdf.js opens and a page count that disagrees, each with why', () => {
    const whole = outcome('whole.pdf');
    const crashed: FileOutcome = {
      ...whole,
      file: 'crash.pdf',
      parsed: { ok: false, code: 'engine_failed', message: 'Maximum call stack size exceeded', clear: false, crashed: true },
    };
    const refused: FileOutcome = {
      ...whole,
      file: 'refused.pdf',
      imported: { ok: false, code: 'encrypted_pdf', message: 'encrypted', clear: true, crashed: false },
      parsed: null,
    };
    const short: FileOutcome = {
      ...whole,
      file: 'short.pdf',
      parsed: { ok: true, value: { pages: 1, failedPages: [], failedReasons: [] } },
    };
    const report = corpusReport([whole, crashed, refused, short]);
    expect(report).toMatch(/^ {2}crashed +1$/m);
    expect(report).toContain('Files that fell short (3):');
    expect(report).toContain('crash.pdf: crashed (engine_failed): Maximum call stack size exceeded');
    expect(report).toContain('refused.pdf: pdf.js opens it (2 pages), the app refused it (encrypted_pdf)');
    expect(report).toContain('short.pdf: the offline engine read 1 pages, pdf.js 2');
  });
});
