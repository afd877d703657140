import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../../../electron/core/ipcDispatch.js';
import { createHandlers } from '../../../../electron/app/handlers.js';
import type { HandlerTable } from '../../../../electron/core/ipcDispatch.js';
import { createLogger, type Logger } from '../../../../electron/core/log.js';
import type { Services } from '../../../../electron/app/services.js';
import { isEncryptedPdf } from '../../../../electron/formats/sniff.js';
import type { AppEvent } from '../../../../shared/events.js';
import type { Channel } from '../../../../shared/ipc/channels.js';
import type { RequestIn, ResponseOf } from '../../../../shared/ipc/table.js';
import { describeResult } from '../../../../renderer/components/resultWords.js';
import { type DocumentInfo } from '../../../../shared/document.js';
import { type ResultInfo } from '../../../../shared/result.js';
import { badFiles } from '../../../support/badFiles.js';
import { OWNER_PASSWORD, USER_PASSWORD } from '../../../support/encryptedPdf.js';
import { clearKeychainService } from '../../../support/keychainCleanup.js';
import { ipcCall, resultOf } from '../../../support/ipcCall.js';
import { KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { endTestServices, testServices } from '../../../support/testServices.js';

// Encrypted PDFs through every main-process path, as the renderer calls them: import, the
// offline engine, v2 parse (direct and as a job) and the older analyzer against the emulator,
// which refuses encrypted uploads by its own check. The password lives in main's memory only:
// every log call (before redaction), event, answer and file of the data folder is searched.

const holder = useEmulator();
let root: string;
let dataDir: string;
let keychainService: string;
let services: Services;
let handlers: HandlerTable;
const keyIds = { v2: '', analyzer: '' };
/** Every log call as made (details unscrubbed), every event, every answer. */
const logged: string[] = [];
const events: AppEvent[] = [];
const answers: unknown[] = [];

function capturingLogger(inner: Logger): Logger {
  const capture = (level: 'debug' | 'info' | 'warn' | 'error') => (message: string, details?: Record<string, unknown>) => {
    logged.push(JSON.stringify({ level, message, details }));
    inner[level](message, details);
  };
  return {
    debug: capture('debug'),
    info: capture('info'),
    warn: capture('warn'),
    error: capture('error'),
    redact: (secret) => inner.redact(secret),
  };
}

async function start(): Promise<void> {
  const logger = capturingLogger(createLogger(dataDir, { console: false }));
  services = await testServices(dataDir, { keychainService, logger, emit: (e) => events.push(e) });
  handlers = createHandlers(services);
}

async function call<C extends Channel>(channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> {
  const value = await ipcCall(handlers, services.logger, channel, request);
  answers.push(value);
  return value;
}

async function caught(work: Promise<unknown>): Promise<{ code: string; message: string; hint?: string }> {
  try {
    await work;
  } catch (error) {
    answers.push(error);
    return error as { code: string; message: string; hint?: string };
  }
  throw new Error('expected a refusal');
}

const posts = () => holder.emulator.requests.filter((r) => r.method === 'POST');
const parseLocal = (documentId: string) => call('runs:parse', { engine: 'local', runId: randomUUID(), documentId }).then(resultOf);
const parseCloud = (documentId: string) =>
  call('runs:parse', { engine: 'parse', mode: 'sync', runId: randomUUID(), documentId, keyId: keyIds.v2 }).then(resultOf);
const analyze = (documentId: string) =>
  call('runs:parse', { engine: 'analyzer', runId: randomUUID(), documentId, keyId: keyIds.analyzer }).then(resultOf);
const markdownOf = async (result: Pick<ResultInfo, 'id'>) =>
  JSON.parse((await call('results:get', { id: result.id })).responseJson) as { markdown: string; metadata: { page_count: number } };

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'groundwork-encrypted-'));
  dataDir = join(root, 'data');
  keychainService = `groundwork-unit-encrypted-${process.pid}-${Date.now()}`;
  await start();
  keyIds.v2 = (await call('keys:add', { name: 'emulator v2', kind: 'v2', secret: KEYS.v2, address: holder.emulator.url })).id;
  keyIds.analyzer = (
    await call('keys:add', { name: 'emulator analyzer', kind: 'analyzer', secret: KEYS.analyzer, address: holder.emulator.url })
  ).id;
});

afterAll(async () => {
  await clearKeychainService(keychainService);
  await endTestServices(services, root);
});

describe('a PDF with an owner password only', () => {
  let file: { name: string; bytes: Uint8Array<ArrayBuffer> };
  let document: DocumentInfo;

  beforeAll(async () => {
    const made = await badFiles.ownerPasswordOnly();
    file = { name: made.name, bytes: new Uint8Array(made.bytes) };
  });

  it('is imported with no question, stored as it came, and parsed offline', async () => {
    document = await call('documents:import', { name: file.name, bytes: file.bytes });
    expect(document).toMatchObject({ name: file.name, pageCount: 2, encrypted: true });
    expect(document.needsPassword).toBeUndefined();
    expect(Buffer.from(await call('documents:read', { id: document.id })).equals(Buffer.from(file.bytes))).toBe(true);
    const result = await parseLocal(document.id);
    expect(result.pageCount).toBe(2);
    expect((await markdownOf(result)).markdown).toContain('Restricted page 2: Total: 200.00');
  });

  it('goes to v2 parse as a decrypted copy, and the result says so', async () => {
    const result = await parseCloud(document.id);
    expect(result.decryptedCopy).toBe(true);
    expect(describeResult(result)).toContain('uploaded a decrypted copy made on this computer');
    expect((await markdownOf(result)).metadata.page_count).toBe(2);
    expect(posts().map((r) => `${r.path} ${r.status}`)).toEqual(['/v2/parse 200']);
    expect(events.some((e) => e.type === 'progress' && e.message === 'Parsing a decrypted copy made on this computer…')).toBe(true);
  });
});

describe('a PDF that needs a password', () => {
  let file: { name: string; bytes: Uint8Array<ArrayBuffer> };
  let document: DocumentInfo;

  beforeAll(async () => {
    const made = await badFiles.passwordProtected();
    file = { name: made.name, bytes: new Uint8Array(made.bytes) };
  });

  it('is refused password_required without it and wrong_password with a wrong one, storing nothing', async () => {
    const before = (await call('library:list', {})).length;
    const missing = await caught(call('documents:import', { name: file.name, bytes: file.bytes }));
    expect(missing).toMatchObject({
      code: 'password_required',
      message: expect.stringContaining(`"${file.name}"`),
      hint: expect.stringMatching(/never stored or sent/),
    });
    const wrong = await caught(call('documents:import', { name: file.name, bytes: file.bytes, password: 'Tr0ub4dor&3' }));
    expect(wrong).toMatchObject({ code: 'wrong_password', message: expect.stringContaining(`"${file.name}"`) });
    expect(await call('library:list', {})).toHaveLength(before);
  });

  it('is imported with the right one (the encrypted bytes stored) and parsed offline', async () => {
    document = await call('documents:import', { name: file.name, bytes: file.bytes, password: USER_PASSWORD });
    expect(document).toMatchObject({ pageCount: 3, encrypted: true, needsPassword: true });
    expect(Buffer.from(await call('documents:read', { id: document.id })).equals(Buffer.from(file.bytes))).toBe(true);
    const result = await parseLocal(document.id);
    expect(result.pageCount).toBe(3);
    expect((await markdownOf(result)).markdown).toContain('Salaries page 3: Total: 300.00');
  });

  it('goes to v2 parse, a parse job and the older analyzer as a decrypted copy', async () => {
    const direct = await parseCloud(document.id);
    expect(direct).toMatchObject({ decryptedCopy: true, pageCount: 3 });
    expect((await markdownOf(direct)).markdown).toContain('Salaries page 1');

    const answer = await call('runs:parse', {
      engine: 'parse',
      mode: 'job',
      runId: randomUUID(),
      documentId: document.id,
      keyId: keyIds.v2,
    });
    if (!('job' in answer)) throw new Error('expected a job');
    const settled = await services.jobs.poller.whenSettled(answer.job.jobId);
    expect(settled.status).toBe('completed');
    const jobResult = (await call('library:list', {}))
      .find((e) => e.document.id === document.id)
      ?.results.find((r) => r.id === settled.resultId);
    expect(jobResult?.decryptedCopy).toBe(true);

    const analyzed = await analyze(document.id);
    expect(analyzed.decryptedCopy).toBe(true);

    // A batch (its documents' jobs go through the same create) with the owner-password-only one beside it.
    const owner = (await call('library:list', {})).find(
      (e) => e.document.needsPassword !== true && e.document.encrypted === true,
    )!.document;
    const batch = await call('batch:create', { documentIds: [document.id, owner.id], keyId: keyIds.v2 });
    const done = await waitFor(async () => {
      const now = (await call('batch:list', {})).find((b) => b.batchId === batch.batchId);
      return now?.items.every((i) => i.state === 'done') ? now : null;
    });
    const library = await call('library:list', {});
    for (const item of done.items) {
      expect(library.flatMap((e) => e.results).find((r) => r.id === item.resultId)?.decryptedCopy).toBe(true);
    }
    // The emulator refuses encrypted PDFs by its own check: each of these was accepted.
    expect(posts().map((r) => `${r.path} ${r.status}`)).toEqual([
      '/v2/parse 200',
      '/v2/parse/jobs 202',
      '/v1/tools/agentic-document-analysis 200',
      '/v2/parse/jobs 202',
      '/v2/parse/jobs 202',
    ]);
  });

  it('after a restart, asks again: every path refuses password_required, nothing is sent, until it is unlocked', async () => {
    services.jobs.stop();
    await services.close();
    await start();
    expect(await caught(parseLocal(document.id))).toMatchObject({
      code: 'password_required',
      message: expect.stringContaining(`"${file.name}"`),
    });
    expect(await caught(parseCloud(document.id))).toMatchObject({ code: 'password_required' });
    expect(await caught(analyze(document.id))).toMatchObject({ code: 'password_required' });
    expect(posts()).toEqual([]);

    expect(await caught(call('documents:unlock', { id: document.id, password: 'Owner-0nly-Secre' }))).toMatchObject({
      code: 'wrong_password',
    });
    await expect(call('documents:unlock', { id: document.id, password: OWNER_PASSWORD })).resolves.toMatchObject({
      id: document.id,
      needsPassword: true,
    });
    expect((await parseLocal(document.id)).pageCount).toBe(3);
    expect((await parseCloud(document.id)).decryptedCopy).toBe(true);
  });

  it('a malformed unlock request does not echo the password', async () => {
    const result = await dispatch(handlers, 'documents:unlock', { id: '../settings', password: USER_PASSWORD }, services.logger);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(JSON.stringify(result)).not.toContain(USER_PASSWORD);
  });
});

describe('the passwords never leave main memory', () => {
  it('no log call, event, answer or file of the data folder holds one, and no decrypted copy was written', async () => {
    expect(logged.length).toBeGreaterThan(5);
    const said = [
      ...logged,
      ...events.map((e) => JSON.stringify(e)),
      ...answers.map((a) => JSON.stringify(a, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : v))),
    ];
    for (const password of [USER_PASSWORD, OWNER_PASSWORD]) {
      expect(said.filter((text) => text.includes(password))).toEqual([]);
    }
    // Result models are written in the background after a save: every file is read once they are.
    await services.workspace.models.idle();
    const files = await filesUnder(dataDir);
    expect(files.some((f) => f.endsWith(join('logs', 'main.log')))).toBe(true);
    let pdfs = 0;
    for (const path of files) {
      const bytes = await readFile(path);
      for (const password of [USER_PASSWORD, OWNER_PASSWORD]) {
        expect(bytes.includes(Buffer.from(password, 'utf8')), path).toBe(false);
        expect(bytes.includes(Buffer.from(password, 'utf16le')), path).toBe(false);
      }
      if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
        pdfs++;
        expect(isEncryptedPdf(bytes), `${path} is a decrypted PDF on disk`).toBe(true);
      }
    }
    expect(pdfs).toBe(2); // the two originals, nothing else
  });
});
