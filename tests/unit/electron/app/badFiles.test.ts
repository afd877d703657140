import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYZER_LIMITS } from '../../../../shared/contracts/analyzer.js';
import { AppError, type AppErrorData } from '../../../../shared/errors.js';
import type { Channel } from '../../../../shared/ipc/channels.js';
import type { RequestIn, ResponseOf } from '../../../../shared/ipc/table.js';
import type { ParseResponse } from '../../../../shared/contracts/v2Parse.js';
import type { ParseAnswer, StoredResult } from '../../../../shared/result.js';
import { AnalyzerClient } from '../../../../electron/api/analyzerClient.js';
import { V2Client } from '../../../../electron/api/v2Client.js';
import { isEncryptedPdf } from '../../../../electron/formats/sniff.js';
import { countPdfPagesInWorker, parseLocally } from '../../../../electron/engine/localEngine.js';
import { createHandlers } from '../../../../electron/app/handlers.js';
import type { HandlerTable } from '../../../../electron/core/ipcDispatch.js';
import type { Services } from '../../../../electron/app/services.js';
import { badFiles, textPdf, type DocumentFixture } from '../../../support/badFiles.js';
import { damagedPdfs } from '../../../support/damagedPdfs.js';
import { clearKeychainService } from '../../../support/keychainCleanup.js';
import { ipcCall, resultOf } from '../../../support/ipcCall.js';
import { recordTrustRow } from '../../../trust/trustReport.js';
import { credential, KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { endTestServices, testServices } from '../../../support/testServices.js';

// The trust check "bad files": each file is made for real, written to disk, read back as the file
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
  /** The file reaches the service, which refuses it (not refused locally). */
  refusedByService?: boolean;
}

const everywhere = (code: Outcome): Record<Path, Outcome> => ({ open: code, local: code, parse: code, analyzer: code });
const rows: Row[] = [
  { label: 'a zero-byte file', make: badFiles.empty, expect: everywhere('empty_file') },
  { label: 'a truncated PDF', make: badFiles.truncated, expect: everywhere('truncated_pdf') },
  // Damage pdf.js recovers from opens, with a warning, and goes everywhere (documentWarnings.ts).
  { label: 'a PDF without %%EOF', make: () => damagedPdfs.withoutEof(2), expect: everywhere('ok') },
  { label: 'a PDF with junk before its header', make: () => damagedPdfs.junkBeforeHeader(2), expect: everywhere('ok') },
  // pdf.js reads a headless PDF; the service's reader does not, and says so (nothing is charged).
  {
    label: 'a PDF without a header',
    make: () => damagedPdfs.withoutHeader(2),
    expect: { open: 'ok', local: 'ok', parse: 'validation_error', analyzer: 'validation_error' },
    refusedByService: true,
  },
  { label: 'a PDF with 0 pages', make: badFiles.zeroPages, expect: everywhere('empty_pdf') },
  // Asks for its password (the UI asks the user); handed to a client as it is, it is refused before sending.
  {
    label: 'a PDF that needs a password',
    make: badFiles.encrypted,
    expect: { open: 'password_required', local: 'password_required', parse: 'encrypted_pdf', analyzer: 'encrypted_pdf' },
  },
  // Encrypted with an owner password only: opens with no question; the services get a decrypted copy.
  {
    label: 'a PDF with an owner password only',
    make: badFiles.ownerPasswordOnly,
    expect: { open: 'ok', local: 'ok', parse: 'ok', analyzer: 'ok' },
    uploadedAs: (name) => name,
  },
  // The 50-page limit is the older analyzer's only (analyzer.limits.pages); v2 shows none.
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
  {
    label: 'a path with non-ASCII characters',
    make: badFiles.nonAscii,
    expect: { open: 'ok', local: 'ok', parse: 'ok', analyzer: 'ok' },
    uploadedAs: (name) => name,
  },
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
  services = await testServices(join(root, 'Profil Zoë — データ'), { keychainService });
  handlers = createHandlers(services);
  keyIds.v2 = (await call('keys:add', { name: 'emulator v2', kind: 'v2', secret: KEYS.v2, address: holder.emulator.url })).id;
  keyIds.analyzer = (
    await call('keys:add', { name: 'emulator analyzer', kind: 'analyzer', secret: KEYS.analyzer, address: holder.emulator.url })
  ).id;
});

afterAll(async () => {
  recordTrustRow({
    check: 'bad files',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note: tally.find((t) => !t.ok)?.case ?? `${rows.length} files × open, offline engine, v2 parse, analyzer`,
  });
  await clearKeychainService(keychainService);
  await endTestServices(services, root);
});

/** One IPC call as the renderer makes it: request validated, errors as data. */
function call<C extends Channel>(channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> {
  return ipcCall(handlers, services.logger, channel, request);
}

/** The stored result a `runs:parse` answer names (the answer is its info; the response is read from the workspace). */
const storedOf = async (answer: ParseAnswer) => services.workspace.result(resultOf(answer).id);

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
    // The service's own refusal is shown as it says it; the app's name the file.
    if (seen.error && !row.refusedByService) {
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
        ? call('runs:parse', { engine: 'local', runId: randomUUID(), documentId }).then(storedOf)
        : // Refused at the door, so it can only reach the engine's worker directly.
          parseLocally(file.bytes, {}, { filename: file.name }),
    );
    expectCase('local', seen, 0, 0);
    const image = row.label === 'a 51 MB image' || row.label === 'a PNG named .pdf';
    if (seen.code === 'ok') expect((seen.value as StoredResult).pageCount).toBe(row.label === 'a 60-page PDF' ? 60 : image ? 1 : 2);
    // Images are read by OCR, whatever their name says.
    if (image)
      expect(((seen.value as StoredResult).response as ParseResponse).structure.children?.[0]).toMatchObject({
        page: 1,
        ocr: { languages: ['eng'] },
      });
    if (row.label === 'a PDF that needs a password') expect(seen.error?.hint).toMatch(/enter its password/);
  });

  it.each(['parse', 'analyzer'] as const)('the cloud path: %s', async (path) => {
    const expected = row.expect[path];
    const before = postsTo(CLOUD_PATHS[path]);
    const seen = await outcomeOf(async () => {
      if (documentId) {
        const keyId = path === 'parse' ? keyIds.v2 : keyIds.analyzer;
        const request =
          path === 'parse'
            ? { engine: path, mode: 'sync' as const, runId: randomUUID(), documentId, keyId }
            : { engine: path, runId: randomUUID(), documentId, keyId };
        return call('runs:parse', request).then(storedOf);
      }
      const document = { bytes: file.bytes, filename: file.name };
      if (path === 'analyzer')
        return new AnalyzerClient({ credential: credential('analyzer', holder.emulator.url, KEYS.analyzer) }).analyze({ document });
      // Both ways of sending a document to v2: sync parse and a parse job.
      const v2 = new V2Client({ credential: credential('v2', holder.emulator.url, KEYS.v2) });
      const job = await outcomeOf(() => v2.createParseJob({ document }));
      expect(job.code).toBe(expected);
      expect(postsTo('/v2/parse/jobs')).toBe(0);
      return v2.parse({ document });
    });
    expectCase(path, seen, postsTo(CLOUD_PATHS[path]) - before, expected === 'ok' || row.refusedByService ? 1 : 0);
    if (seen.code === 'ok' && row.uploadedAs) {
      const metadata = (seen.value as StoredResult).response as { metadata: { filename?: string } };
      expect(metadata.metadata.filename).toBe(row.uploadedAs(file.name));
    }
    if (seen.code === 'ok')
      expect((seen.value as StoredResult).decryptedCopy).toBe(row.label === 'a PDF with an owner password only' ? true : undefined);
  });
});

describe('the bad files are what they claim to be', () => {
  it('the encrypted PDFs are what pdf.js itself says: one asks for its password, one opens with none', async () => {
    const { bytes, name } = badFiles.encrypted();
    await expect(countPdfPagesInWorker(bytes, name)).rejects.toMatchObject({
      code: 'password_required',
      message: expect.stringContaining('protected by a password'),
    });
    const owner = await badFiles.ownerPasswordOnly();
    expect(isEncryptedPdf(owner.bytes)).toBe(true);
    expect(await countPdfPagesInWorker(owner.bytes, owner.name)).toBe(2);
  });

  it('a PDF pdf.js rebuilds opens with a warning that it is cut short; one it cannot is refused as cut short', async () => {
    const { bytes: nearEnd } = await damagedPdfs.withoutEof(3); // only the marker is missing
    const opened = await call('documents:import', { name: 'cut.pdf', bytes: new Uint8Array(nearEnd) });
    expect(opened.pageCount).toBe(3);
    expect(opened.warnings?.map((w) => w.code)).toEqual(['truncated_pdf']);
    const full = await textPdf(3, 'Cut');
    await expect(call('documents:import', { name: 'cut.pdf', bytes: new Uint8Array(full.slice(0, 900)) })).rejects.toMatchObject({
      code: 'truncated_pdf',
      message: expect.stringContaining('cannot be read'),
    });
  });

  it('the big image is over the analyzer limit, and a real PNG', () => {
    const { bytes } = badFiles.hugeImage();
    expect(bytes.length).toBeGreaterThan(ANALYZER_LIMITS.maxImageBytes);
    expect(bytes.length).toBeGreaterThanOrEqual(51_000_000);
    expect(bytes.length).toBeLessThan(50 * 1024 * 1024); // the case a 50 MiB limit would have let through
    expect(Buffer.from(bytes.subarray(12, 16)).toString('latin1')).toBe('IHDR');
  });
});
