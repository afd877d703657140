import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYZER_LIMITS } from '../../../shared/contracts/analyzer.js';
import { AppError, type AppErrorData } from '../../../shared/errors.js';
import type { Channel, RequestIn, ResponseOf } from '../../../shared/ipc.js';
import type { ParseResponse } from '../../../shared/contracts/v2Parse.js';
import type { StoredResult } from '../../../shared/workspace.js';
import { AnalyzerClient } from '../../../electron/api/analyzerClient.js';
import { V2Client } from '../../../electron/api/v2Client.js';
import { countPdfPagesInWorker, parseLocally } from '../../../electron/engine/localEngine.js';
import { createHandlers, type HandlerTable } from '../../../electron/handlers.js';
import { createLogger } from '../../../electron/log.js';
import { createServices, type Services } from '../../../electron/services.js';
import { badFiles, textPdf, type DocumentFixture } from '../../support/badFiles.js';
import { clearKeychainService } from '../../support/keychainCleanup.js';
import { ipcCall, resultOf } from '../../support/ipcCall.js';
import { recordTrustRow } from '../../trust/trustReport.js';
import { credential, KEYS, useEmulator } from '../api/emulatorHarness.js';

// Issue 9, "bad files": each file is made for real, written to disk, read back as the file
// picker would, and sent down every main-process path a user can take: open (the
// documents:import handler), the offline engine (its worker), v2 parse and the older
// analyzer (against the emulator). A file the app refuses must be refused with its own code,
// a message naming it and a hint, on every path, and must never reach the emulator.

type Path = 'open' | 'local' | 'parse' | 'analyzer';
/** 'ok', or the error code expected. */
type Outcome = string;

interface Row {
  label: string;
  make: () => DocumentFixture | Promise<DocumentFixture & { folder?: string }>;
  expect: Record<Path, Outcome>;
  /** The name the cloud paths upload it under, when they do. */
  uploadedAs?: (name: string) => string;
}

const refusedEverywhere = (code: string): Record<Path, Outcome> => ({ open: code, local: code, parse: code, analyzer: code });
const rows: Row[] = [
  { label: 'a zero-byte file', make: badFiles.empty, expect: refusedEverywhere('empty_file') },
  { label: 'a truncated PDF', make: badFiles.truncated, expect: refusedEverywhere('truncated_pdf') },
  { label: 'a PDF with 0 pages', make: badFiles.zeroPages, expect: refusedEverywhere('empty_pdf') },
  { label: 'an encrypted PDF', make: badFiles.encrypted, expect: refusedEverywhere('encrypted_pdf') },
  // The 50-page limit is the older analyzer's only (seed 000 §4.7, §8); v2 shows none.
  { label: 'a 60-page PDF', make: badFiles.sixtyPages, expect: { open: 'ok', local: 'ok', parse: 'ok', analyzer: 'too_many_pages' } },
  // 50 MB is the older analyzer's image limit; v2 shows none, and the offline engine reads it by OCR (scaled to its raster).
  { label: 'a 51 MB image', make: badFiles.hugeImage, expect: { open: 'ok', local: 'ok', parse: 'ok', analyzer: 'file_too_large' } },
  // Typed by content: it opens as the PNG it is and is uploaded as one, under a .png name.
  {
    label: 'a PNG named .pdf',
    make: badFiles.pngNamedPdf,
    expect: { open: 'ok', local: 'ok', parse: 'ok', analyzer: 'ok' },
    uploadedAs: () => 'scan.png',
  },
  { label: 'a path with non-ASCII characters', make: badFiles.nonAscii, expect: { open: 'ok', local: 'ok', parse: 'ok', analyzer: 'ok' }, uploadedAs: (name) => name },
];

const holder = useEmulator();
const tally: { case: string; ok: boolean }[] = [];
let services: Services;
let handlers: HandlerTable;
let root: string;
let keychainService: string;
const keyIds: { v2: string; analyzer: string } = { v2: '', analyzer: '' };

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'groundwork-bad-files-'));
  keychainService = `groundwork-unit-badfiles-${process.pid}-${Date.now()}`;
  // The data folder itself sits under a non-ASCII path, as a user profile can.
  services = await createServices({
    shell: 'preview',
    version: 'test',
    dataDir: join(root, 'Profil Zoë — データ'),
    samplesDir: 'resources/samples',
    keychainService,
    logger: createLogger(null, { console: false }),
  });
  handlers = createHandlers(services);
  keyIds.v2 = (await call('keys:add', { name: 'emulator v2', kind: 'v2', secret: KEYS.v2, address: holder.emulator.url })).id;
  keyIds.analyzer = (await call('keys:add', { name: 'emulator analyzer', kind: 'analyzer', secret: KEYS.analyzer, address: holder.emulator.url })).id;
});

afterAll(async () => {
  recordTrustRow({
    check: 'bad files',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note: tally.find((t) => !t.ok)?.case ?? `${rows.length} files × open, offline engine, v2 parse, analyzer`,
  });
  services?.jobs.stop();
  await clearKeychainService(keychainService);
  await rm(root, { recursive: true, force: true });
});

/** One IPC call as the renderer makes it: request validated, errors as data. */
function call<C extends Channel>(channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> {
  return ipcCall(handlers, services.logger, channel, request);
}

async function outcomeOf(run: () => Promise<unknown>): Promise<{ code: Outcome; error?: AppErrorData; value?: unknown }> {
  try {
    return { code: 'ok', value: await run() };
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, error: error.toData() };
    throw error;
  }
}

const postsTo = (path: string) => holder.emulator.requests.filter((r) => r.method === 'POST' && r.path === path).length;
const CLOUD_PATHS: Record<'parse' | 'analyzer', string> = { parse: '/v2/parse', analyzer: '/v1/tools/agentic-document-analysis' };

describe.each(rows)('$label', (row) => {
  let file: { name: string; bytes: Uint8Array<ArrayBuffer> };
  let documentId: string | null = null;

  /** Tallies the case for `npm run trust`, then asserts it. */
  function expectCase(path: Path, seen: { code: Outcome; error?: AppErrorData }, uploads: number, expectedUploads: number): void {
    const ok = seen.code === row.expect[path] && uploads === expectedUploads;
    tally.push({ case: `${row.label} / ${path}: ${seen.code}, ${uploads} upload(s)`, ok });
    expect(seen.code, seen.error?.message).toBe(row.expect[path]);
    expect(uploads).toBe(expectedUploads);
    if (seen.error) {
      expect(seen.error.message).toContain(file.name);
      expect(seen.error.hint?.length).toBeGreaterThan(10);
    }
  }

  beforeAll(async () => {
    const made = await row.make();
    const folder = join(root, 'folder' in made && made.folder ? made.folder : 'files');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, made.name), made.bytes);
    file = { name: made.name, bytes: new Uint8Array(await readFile(join(folder, made.name))) };
  });

  it('opening it (documents:import)', async () => {
    const before = (await call('library:list', {})).length;
    const seen = await outcomeOf(() => call('documents:import', { name: file.name, bytes: file.bytes }));
    expectCase('open', seen, 0, 0);
    const library = await call('library:list', {});
    if (seen.code === 'ok') {
      const info = seen.value as { id: string; name: string; mime: string };
      documentId = info.id;
      expect(info.name).toBe(file.name);
      if (row.label === 'a PNG named .pdf') expect(info.mime).toBe('image/png');
    } else {
      expect(library).toHaveLength(before); // nothing stored
    }
  });

  it('the offline engine', async () => {
    const seen = await outcomeOf(() =>
      documentId
        ? call('engine:parse', { engine: 'local', runId: randomUUID(), documentId }).then(resultOf)
        : // Refused at the door, so it can only reach the engine's worker directly.
          parseLocally(file.bytes, {}, { filename: file.name }),
    );
    expectCase('local', seen, 0, 0);
    const image = row.label === 'a 51 MB image' || row.label === 'a PNG named .pdf';
    if (seen.code === 'ok') expect((seen.value as StoredResult).pageCount).toBe(row.label === 'a 60-page PDF' ? 60 : image ? 1 : 2);
    // Images are read by OCR, whatever their name says.
    if (image) expect(((seen.value as StoredResult).response as ParseResponse).structure.children?.[0]).toMatchObject({ page: 1, ocr: { languages: ['eng'] } });
  });

  it.each(['parse', 'analyzer'] as const)('the cloud path: %s', async (path) => {
    const expected = row.expect[path];
    const before = postsTo(CLOUD_PATHS[path]);
    const seen = await outcomeOf(async () => {
      if (documentId) {
        const keyId = path === 'parse' ? keyIds.v2 : keyIds.analyzer;
        const request = path === 'parse' ? { engine: path, mode: 'sync' as const, runId: randomUUID(), documentId, keyId } : { engine: path, runId: randomUUID(), documentId, keyId };
        return call('engine:parse', request).then(resultOf);
      }
      const document = { bytes: file.bytes, filename: file.name };
      if (path === 'analyzer') return new AnalyzerClient({ credential: credential('analyzer', holder.emulator.url, KEYS.analyzer) }).analyze({ document });
      // Both ways of sending a document to v2: sync parse and a parse job.
      const v2 = new V2Client({ credential: credential('v2', holder.emulator.url, KEYS.v2) });
      const job = await outcomeOf(() => v2.createParseJob({ document }));
      expect(job.code).toBe(expected);
      expect(postsTo('/v2/parse/jobs')).toBe(0);
      return v2.parse({ document });
    });
    expectCase(path, seen, postsTo(CLOUD_PATHS[path]) - before, expected === 'ok' ? 1 : 0);
    if (seen.code === 'ok' && row.uploadedAs) {
      const metadata = (seen.value as StoredResult).response as { metadata: { filename?: string } };
      expect(metadata.metadata.filename).toBe(row.uploadedAs(file.name));
    }
  });
});

describe('the bad files are what they claim to be', () => {
  it('the encrypted PDF is refused by pdf.js itself as password-protected, not only by our trailer check', async () => {
    const { bytes, name } = badFiles.encrypted();
    await expect(countPdfPagesInWorker(bytes, name)).rejects.toMatchObject({ code: 'encrypted_pdf', message: expect.stringContaining('password-protected') });
  });

  it('a PDF cut just before its trailer is refused too, though pdf.js alone would rebuild and open it', async () => {
    const full = await textPdf(3, 'Cut');
    const nearEnd = full.slice(0, Buffer.from(full).lastIndexOf('%%EOF')); // only the marker is missing
    expect(await countPdfPagesInWorker(nearEnd, 'cut.pdf')).toBe(3);
    await expect(call('documents:import', { name: 'cut.pdf', bytes: nearEnd })).rejects.toMatchObject({ code: 'truncated_pdf' });
  });

  it('the big image is over the analyzer limit, and a real PNG', () => {
    const { bytes } = badFiles.hugeImage();
    expect(bytes.length).toBeGreaterThan(ANALYZER_LIMITS.maxImageBytes);
    expect(bytes.length).toBeGreaterThanOrEqual(51_000_000);
    expect(bytes.length).toBeLessThan(50 * 1024 * 1024); // the case a 50 MiB limit would have let through
    expect(Buffer.from(bytes.subarray(12, 16)).toString('latin1')).toBe('IHDR');
  });
});
