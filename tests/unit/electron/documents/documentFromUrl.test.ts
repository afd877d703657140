import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadDocument } from '../../../../electron/documents/documentFromUrl.js';
import { createHandlers } from '../../../../electron/app/handlers.js';
import type { HandlerTable } from '../../../../electron/core/ipcDispatch.js';
import { createLogger } from '../../../../electron/core/log.js';
import type { Services } from '../../../../electron/app/services.js';
import type { Channel } from '../../../../shared/ipc/channels.js';
import type { RequestIn, ResponseOf } from '../../../../shared/ipc/table.js';
import type { JobRecord } from '../../../../shared/jobs.js';
import { ipcCall, resultOf } from '../../../support/ipcCall.js';
import { clearKeychainService } from '../../../support/keychainCleanup.js';
import { startTlsServer, TEST_CA, type TlsTestServer } from '../../../support/tlsServer.js';
import { KEYS, pdf, useEmulator } from '../../../support/emulatorHarness.js';
import { endTestServices, testServices } from '../../../support/testServices.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

// A document added from a web address: downloaded by main under the rules a service-side
// fetch needs, remembered, and sent as `document_url` (direct and as a job) on request.

const holder = useEmulator();

/** A server on loopback that answers each path with what `routes` says. */
let server: Server;
let serverUrl = '';
const routes = new Map<string, (res: ServerResponse) => void>();
beforeAll(async () => {
  server = createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const tally: { case: string; ok: boolean }[] = [];
afterAll(() =>
  recordTrustRow({
    check: 'document URLs on this computer',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note: tally.find((t) => !t.ok)?.case ?? 'under a loopback key only its own origin: other ports, names, schemes and redirects refused',
  }),
);

/** A second loopback server, standing for the key's own service, that redirects to the first (another port). */
async function startOwn(): Promise<{ url: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const own = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(302, { location: `${serverUrl}/a.pdf` }).end();
  });
  await new Promise<void>((resolve) => own.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(own.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise<void>((resolve) => own.close(() => resolve())),
  };
}

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected a refusal');
};

describe('downloadDocument', () => {
  it('takes plain http and loopback only when the service is on this computer', async () => {
    routes.set('/a%20b.pdf', (res) => res.end('%PDF-1.4 bytes'));
    const refused = await refusal(downloadDocument(`${serverUrl}/a%20b.pdf`, { localOrigin: null, maxBytes: 1000 }));
    expect(refused).toMatchObject({ code: 'invalid_document_url', message: expect.stringContaining('plain http') });
    const got = await downloadDocument(`${serverUrl}/a%20b.pdf`, { localOrigin: serverUrl, maxBytes: 1000 });
    expect(Buffer.from(got.bytes).toString()).toBe('%PDF-1.4 bytes');
    expect(got.name).toBe('a b.pdf');
  });

  it("on this computer only the key's own origin: not another port, scheme or host name, nor a redirect to one", async () => {
    routes.set('/a.pdf', (res) => res.end('%PDF-1.4 bytes'));
    const own = await startOwn(); // the key's service, on another port
    try {
      const port = new URL(serverUrl).port;
      for (const [url, options] of [
        [`${serverUrl}/a.pdf`, { localOrigin: own.url }],
        [`${serverUrl}/a.pdf`, { localOrigin: serverUrl.replace('127.0.0.1', 'localhost') }],
        [`${serverUrl}/a.pdf`, { localOrigin: serverUrl.replace('http:', 'https:') }],
        [`http://files.example.test:${port}/a.pdf`, { localOrigin: own.url, lookup: async () => ['127.0.0.1'] }],
      ] as const) {
        const refused = await refusal(downloadDocument(url, { maxBytes: 1000, ...options }));
        const ok = refused.code === 'invalid_document_url' && refused.message.includes("the key's own address, is fetched");
        tally.push({ case: `${url} under ${options.localOrigin}: ${refused.message}`, ok });
      }
      const redirected = await refusal(downloadDocument(`${own.url}/to-other`, { localOrigin: own.url, maxBytes: 1000 }));
      tally.push({ case: 'a redirect to another port', ok: redirected.message.includes(`redirected to 127.0.0.1:${port}`) });
      const fetched = await downloadDocument(`${serverUrl}/a.pdf`, { localOrigin: serverUrl, maxBytes: 1000 });
      tally.push({ case: 'the own origin is fetched', ok: fetched.name === 'a.pdf' });
      expect(tally.filter((t) => !t.ok).map((t) => t.case)).toEqual([]);
      expect(own.hits).toEqual(['/to-other']);
    } finally {
      await own.close();
    }
  });

  it('refuses a host that resolves to a private address, before any request', async () => {
    let asked = 0;
    const refused = await refusal(
      downloadDocument('https://files.example.com/x.pdf', {
        localOrigin: null,
        maxBytes: 1000,
        lookup: async () => (asked++, ['10.0.0.7']),
      }),
    );
    expect(asked).toBe(1);
    expect(refused).toMatchObject({
      code: 'invalid_document_url',
      message: expect.stringContaining('10.0.0.7, a private-network address'),
    });
  });

  it('checks where a redirect leads, and refuses credentials in the address', async () => {
    routes.set('/moved', (res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end());
    const redirected = await refusal(downloadDocument(`${serverUrl}/moved`, { localOrigin: serverUrl, maxBytes: 1000 }));
    expect(redirected).toMatchObject({ code: 'invalid_document_url', message: expect.stringContaining('redirected to 169.254.169.254') });
    const withUser = await refusal(
      downloadDocument('https://user:pw@files.example.com/x.pdf', {
        localOrigin: null,
        maxBytes: 1000,
        lookup: async () => ['93.184.216.34'],
      }),
    );
    expect(withUser.code).toBe('invalid_document_url');
  });

  it('checks a redirect to https whose host resolves to a private address', async () => {
    routes.set('/to-internal', (res) => res.writeHead(302, { location: 'https://internal.example.test/x.pdf' }).end());
    const lookups: string[] = [];
    const lookup = async (host: string) => (lookups.push(host), ['10.0.0.7']);
    const refused = await refusal(downloadDocument(`${serverUrl}/to-internal`, { localOrigin: serverUrl, maxBytes: 1000, lookup }));
    expect(refused).toMatchObject({
      code: 'invalid_document_url',
      message: expect.stringContaining(
        'redirected to internal.example.test, which was not followed: internal.example.test resolves to 10.0.0.7, a private-network address',
      ),
    });
    expect(lookups).toEqual(['internal.example.test']);
  });

  it('a slow download that keeps coming is not cut off; silence is, with an AppError', async () => {
    routes.set('/slow.pdf', (res) => {
      res.writeHead(200);
      let sent = 0;
      const timer = setInterval(() => {
        res.write('%PDF-slow ');
        if (++sent < 8) return;
        clearInterval(timer);
        res.end();
      }, 40);
    });
    // 8 chunks 40 ms apart: about twice the idle limit in all, never idle that long.
    const slow = await downloadDocument(`${serverUrl}/slow.pdf`, { localOrigin: serverUrl, maxBytes: 1000, idleMs: 150 });
    expect(Buffer.from(slow.bytes).toString()).toBe('%PDF-slow '.repeat(8));

    routes.set('/silent.pdf', () => undefined);
    const silent = await refusal(downloadDocument(`${serverUrl}/silent.pdf`, { localOrigin: serverUrl, maxBytes: 1000, idleMs: 150 }));
    expect(silent).toMatchObject({ code: 'timeout', message: expect.stringContaining('did not answer'), hint: expect.any(String) });

    routes.set('/stalls.pdf', (res) => res.writeHead(200).write('%PDF-1.4 '));
    const stalled = await refusal(downloadDocument(`${serverUrl}/stalls.pdf`, { localOrigin: serverUrl, maxBytes: 1000, idleMs: 150 }));
    expect(stalled).toMatchObject({ code: 'timeout', message: expect.stringContaining('stopped sending'), hint: expect.any(String) });
  });

  it('a download that drips on past its total deadline is stopped, with an AppError', async () => {
    routes.set('/drip.pdf', (res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('%PDF-drip '), 30);
      res.on('close', () => clearInterval(timer));
    });
    // Never idle for 150 ms, never done: only the total deadline ends it.
    const dripped = await refusal(
      downloadDocument(`${serverUrl}/drip.pdf`, { localOrigin: serverUrl, maxBytes: 1_000_000, idleMs: 150, totalMs: 400 }),
    );
    expect(dripped).toMatchObject({ code: 'timeout', message: expect.stringContaining('still coming'), hint: expect.any(String) });
  });

  it('stops reading past the cap, and says what a 404 or an empty body is', async () => {
    routes.set('/big.pdf', (res) => res.end(Buffer.alloc(5000, 65)));
    expect(await refusal(downloadDocument(`${serverUrl}/big.pdf`, { localOrigin: serverUrl, maxBytes: 1000 }))).toMatchObject({
      code: 'response_too_large',
    });
    expect(await refusal(downloadDocument(`${serverUrl}/gone.pdf`, { localOrigin: serverUrl, maxBytes: 1000 }))).toMatchObject({
      code: 'document_unreachable',
      message: expect.stringContaining('HTTP 404'),
    });
    routes.set('/empty.pdf', (res) => res.end());
    expect(await refusal(downloadDocument(`${serverUrl}/empty.pdf`, { localOrigin: serverUrl, maxBytes: 1000 }))).toMatchObject({
      code: 'document_unreachable',
    });
  });
});

describe('downloadDocument connects to the address it checked', () => {
  let tls: TlsTestServer;
  beforeAll(async () => {
    tls = await startTlsServer((req, res) => {
      if (req.url === '/moved') return res.writeHead(302, { location: `https://bucket.example.test:${tls.port}/doc.pdf` }).end();
      res.end('%PDF-1.4 pinned');
    });
  });
  afterAll(() => tls.close());

  /** DNS that answers one address first and another after (a zero-TTL name rebinding). */
  const rebinding = (first: string, then: string) => {
    const asked: string[] = [];
    return { asked, lookup: async (host: string) => (asked.push(host), [asked.length === 1 ? first : then]) };
  };

  // The test server is on loopback, so the allowed first answer is loopback (the emulator case); a public one is the same path.
  it('a name that answers an allowed address, then a private one, is fetched from the first: no second lookup', async () => {
    const dns = rebinding('127.0.0.1', '10.0.0.7');
    const got = await downloadDocument(`https://docs.example.test:${tls.port}/doc.pdf`, {
      localOrigin: `https://docs.example.test:${tls.port}`,
      maxBytes: 1000,
      lookup: dns.lookup,
      ca: TEST_CA,
    });
    expect(Buffer.from(got.bytes).toString()).toBe('%PDF-1.4 pinned');
    expect(dns.asked).toEqual(['docs.example.test']);
    // Host and certificate are the name's, not the pinned address's.
    expect(tls.requests.at(-1)).toEqual({ path: '/doc.pdf', host: `docs.example.test:${tls.port}` });
  });

  it('keeps TLS verification when connecting to a pinned address', async () => {
    const before = tls.requests.length;
    const refused = await refusal(
      downloadDocument(`https://docs.example.test:${tls.port}/doc.pdf`, {
        localOrigin: `https://docs.example.test:${tls.port}`,
        maxBytes: 1000,
        lookup: async () => ['127.0.0.1'],
      }),
    );
    expect(refused).toMatchObject({
      code: 'network_error',
      message: expect.stringContaining('certificate was refused'),
      hint: expect.any(String),
    });
    expect(tls.requests.length).toBe(before);
  });

  it('checks an https redirect whose host resolves to a private address', async () => {
    const lookup = async (host: string) => (host === 'docs.example.test' ? ['127.0.0.1'] : ['10.0.0.7']);
    const before = tls.requests.length;
    const refused = await refusal(
      downloadDocument(`https://docs.example.test:${tls.port}/moved`, {
        localOrigin: `https://docs.example.test:${tls.port}`,
        maxBytes: 1000,
        lookup,
        ca: TEST_CA,
      }),
    );
    expect(refused).toMatchObject({
      code: 'invalid_document_url',
      message: expect.stringContaining('bucket.example.test resolves to 10.0.0.7, a private-network address'),
    });
    expect(tls.requests.slice(before).map((r) => r.path)).toEqual(['/moved']);
  });
});

describe('documents:importUrl and parse with document_url', () => {
  let root: string;
  let services: Services;
  let handlers: HandlerTable;
  let keychainService: string;
  let keyId = '';
  const call = <C extends Channel>(channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> =>
    ipcCall(handlers, services.logger, channel, request);
  const posts = () => holder.emulator.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v2/parse'));

  let pdfBytes: Uint8Array<ArrayBuffer>;
  beforeAll(async () => {
    pdfBytes = await pdf(1);
    root = await mkdtemp(join(tmpdir(), 'groundwork-docurl-'));
    keychainService = `groundwork-unit-docurl-${process.pid}-${Date.now()}`;
    services = await testServices(root, { keychainService, logger: createLogger(root, { console: false }), emit: () => undefined });
    handlers = createHandlers(services);
    keyId = (await call('keys:add', { name: 'emulator', kind: 'v2', secret: KEYS.v2, address: holder.emulator.url })).id;
  });
  afterAll(async () => {
    await clearKeychainService(keychainService);
    await endTestServices(services, root);
  });

  async function hosted(name: string, pages: number): Promise<string> {
    const url = `${holder.emulator.url}/__storage/${name}`;
    const put = await fetch(url, { method: 'PUT', body: await pdf(pages), headers: { 'content-type': 'application/pdf' } });
    expect(put.ok).toBe(true);
    return url;
  }

  it('imports the document, remembers its address, and a direct parse sends document_url, not the bytes', async () => {
    const url = await hosted('statement.pdf', 2);
    const document = await call('documents:importUrl', { url, keyId });
    expect(document).toMatchObject({ name: 'statement.pdf', pageCount: 2, sourceUrl: url });
    expect(JSON.parse(await readFile(join(root, 'workspace', 'documents', document.id, 'document.json'), 'utf8'))).toMatchObject({
      sourceUrl: url,
    });

    const result = resultOf(
      await call('runs:parse', { engine: 'parse', mode: 'sync', runId: randomUUID(), documentId: document.id, keyId, byUrl: true }),
    );
    expect(result).toMatchObject({ documentId: document.id, pageCount: 2 });
    const [sent] = posts();
    expect(sent).toMatchObject({ path: '/v2/parse', status: 200, fields: { document_url: url } });
    expect(sent!.fields).not.toHaveProperty('document');
    // The service fetched it from there after the call.
    expect(holder.emulator.requests.filter((r) => r.method === 'GET' && r.path === '/__storage/statement.pdf')).toHaveLength(2);

    resultOf(await call('runs:parse', { engine: 'parse', mode: 'sync', runId: randomUUID(), documentId: document.id, keyId }));
    expect(posts()[1]!.fields).toMatchObject({ document: '<file statement.pdf>' });
  });

  it('a parse job sends document_url too, and its retry does again', async () => {
    const url = await hosted('long.pdf', 1);
    const document = await call('documents:importUrl', { url, keyId });
    const answer = await call('runs:parse', {
      engine: 'parse',
      mode: 'job',
      runId: randomUUID(),
      documentId: document.id,
      keyId,
      byUrl: true,
    });
    if (!('job' in answer)) throw new Error('expected a job');
    expect(posts()[0]).toMatchObject({ path: '/v2/parse/jobs', status: 202, fields: { document_url: url } });
    const again: JobRecord = await call('jobs:retry', { jobId: answer.job.jobId });
    expect(again.request.byUrl).toBe(true);
    expect(posts()[1]!.fields).toMatchObject({ document_url: url });
  });

  it('a document opened from a file has no address to send: refused before anything is sent', async () => {
    const document = await call('documents:import', { name: 'local.pdf', bytes: await pdf(3) });
    const refused = await refusal(
      call('runs:parse', { engine: 'parse', mode: 'sync', runId: randomUUID(), documentId: document.id, keyId, byUrl: true }),
    );
    expect(refused).toMatchObject({ code: 'no_document_url' });
    expect(posts()).toHaveLength(0);
  });

  it('an address on this computer, added under the emulator key, is not sent with a key for a service elsewhere', async () => {
    const url = await hosted('local-only.pdf', 1);
    const document = await call('documents:importUrl', { url, keyId });
    const cloudKey = (
      await call('keys:add', { name: 'cloud', kind: 'v2', secret: 'not-a-real-cloud-key', address: 'https://api.va.landing.ai' })
    ).id;
    try {
      for (const mode of ['sync', 'job'] as const) {
        const refused = await refusal(
          call('runs:parse', { engine: 'parse', mode, runId: randomUUID(), documentId: document.id, keyId: cloudKey, byUrl: true }),
        );
        expect(refused).toMatchObject({
          code: 'document_url_not_for_key',
          message: expect.stringMatching(/was not sent to api\.va\.landing\.ai: it is plain http/),
          hint: expect.stringContaining('Nothing was sent'),
        });
      }
    } finally {
      await call('keys:delete', { id: cloudKey });
    }
  });

  it("a job by address judges the output_save_url window by the downloaded copy's pages", async () => {
    const url = await hosted('hundred.pdf', 100);
    const document = await call('documents:importUrl', { url, keyId });
    const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
    // Valid 16 min 40 s: past the 15-minute floor, short of the 20 min 100 pages need.
    const outputSaveUrl = `${holder.emulator.url}/__storage/out.json?X-Amz-Date=${stamp}&X-Amz-Expires=1000`;
    const refused = await refusal(
      call('runs:parse', { engine: 'parse', mode: 'job', runId: randomUUID(), documentId: document.id, keyId, byUrl: true, outputSaveUrl }),
    );
    expect(refused).toMatchObject({ code: 'output_save_url_too_short', message: expect.stringContaining('20 min') });
    expect(posts()).toHaveLength(0);
  });

  it("with the emulator's key, an address at another port of this computer is refused, and never sent as document_url", async () => {
    routes.set('/elsewhere.pdf', (res) => res.end(Buffer.from(pdfBytes)));
    const refused = await refusal(call('documents:importUrl', { url: `${serverUrl}/elsewhere.pdf`, keyId }));
    expect(refused).toMatchObject({ code: 'invalid_document_url', message: expect.stringContaining(holder.emulator.url) });
    // A document remembered from another port (by an older version) is not sent either.
    const document = await call('documents:import', { name: 'elsewhere.pdf', bytes: pdfBytes });
    await services.workspace.setDocumentSource(document.id, `${serverUrl}/elsewhere.pdf`);
    const notSent = await refusal(
      call('runs:parse', { engine: 'parse', mode: 'sync', runId: randomUUID(), documentId: document.id, keyId, byUrl: true }),
    );
    expect(notSent).toMatchObject({ code: 'document_url_not_for_key' });
    expect(posts()).toHaveLength(0);
  });

  it('without a loopback service key, a loopback address is refused', async () => {
    const url = await hosted('other.pdf', 1);
    await call('keys:setEnabled', { id: keyId, enabled: false });
    try {
      expect(await refusal(call('documents:importUrl', { url }))).toMatchObject({ code: 'invalid_document_url' });
    } finally {
      await call('keys:setEnabled', { id: keyId, enabled: true });
    }
  });
});
