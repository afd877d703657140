/**
 * "Downloads": a snapshot archive's link comes from the service, and the archive is written
 * to the user's disk. Over real loopback HTTP (the v1 key's service, as the emulator is, and a
 * listener on this machine's network address, standing for "another computer"): plain http
 * and loopback only at the key's own origin, a name resolving to a private address refused
 * before connecting, redirects followed by hand (at most 5, each checked), a stalled server
 * timed out, the name the service gives made safe and always ending in `.zip`, only a ZIP kept
 * (0600), an error answer's body never shown, and every refusal leaving the folder as it was.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { archiveName, downloadArchive } from '../../../../electron/datasets/snapshotDownload.js';
import { DownloadFolders } from '../../../../electron/datasets/downloadFolder.js';
import { AppError } from '../../../../shared/errors.js';
import { zipArchive } from '../../../emulator/zipArchive.js';
import { startServer, type TestServer } from '../../../support/streamingServer.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

const ZIP = zipArchive({ 'README.txt': 'a snapshot' });
const tally: { case: string; ok: boolean }[] = [];
let local: TestServer;
/** A listener on this machine's own network address: not loopback, so it stands for another host. */
let remote: TestServer | null;
let root: string;
let folder: string;

function serveZip(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': String(ZIP.byteLength) }).end(ZIP);
}

function networkAddress(): string | null {
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return null;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'groundwork-downloads-'));
  local = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const n = Number(hop[1]);
      const end = Number(url.searchParams.get('end'));
      if (n < end) res.writeHead(302, { Location: `/hop/${n + 1}?end=${end}` }).end();
      else serveZip(res);
      return;
    }
    if (url.pathname === '/to-remote') {
      res.writeHead(302, { Location: `${remote?.url ?? 'http://192.0.2.1:9'}/files/s.zip` }).end();
      return;
    }
    if (url.pathname === '/forbidden') {
      res.writeHead(403, { 'Content-Type': 'text/html' }).end('<h1>AccessDenied</h1><p>internal-bucket-name x-amz-request-id 42</p>');
      return;
    }
    if (url.pathname === '/to-localhost') {
      res.writeHead(307, { Location: `http://localhost:${local.port}/files/s.zip` }).end();
      return;
    }
    if (url.pathname === '/pdf') {
      res.writeHead(200, { 'Content-Type': 'application/zip' }).end('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n');
      return;
    }
    if (url.pathname === '/empty') {
      res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': '0' }).end();
      return;
    }
    if (url.pathname === '/stall') {
      res.writeHead(200, { 'Content-Type': 'application/zip', 'Content-Length': String(10 * 1024 * 1024) });
      res.write(Buffer.concat([ZIP.subarray(0, 30), Buffer.alloc(64 * 1024, 1)])); // then nothing, ever
      return;
    }
    if (url.pathname === '/silent') return; // no headers, ever
    serveZip(res);
  });
  const address = networkAddress();
  remote = address ? await startServer((_req, res) => serveZip(res), address) : null;
});

beforeEach(async () => {
  folder = await mkdtemp(join(root, 'folder-'));
});

afterAll(async () => {
  recordTrustRow({
    check: 'downloads',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note:
      tally.find((t) => !t.ok)?.case ?? 'link, address and redirect rules, timeouts, names, ZIP only, 0600, no error body, dialog folders',
  });
  await local.close();
  await remote?.close();
  await rm(root, { recursive: true, force: true });
});

async function attempt(
  url: string,
  extra: Partial<Parameters<typeof downloadArchive>[0]> = {},
): Promise<{ path?: string; error?: AppError; ms: number }> {
  const started = Date.now();
  try {
    const { path } = await downloadArchive({
      url,
      localOrigin: local.url,
      folder,
      fileName: archiveName(url, 'snapshot-1-v1.zip'),
      taskId: 't',
      emit: () => undefined,
      ...extra,
    });
    return { path, ms: Date.now() - started };
  } catch (error) {
    if (error instanceof AppError) return { error, ms: Date.now() - started };
    throw error;
  }
}

/** A refusal: its code, and nothing left in the folder (no archive, no temp file). */
async function expectRefused(label: string, seen: { error?: AppError }, code: string, more: () => boolean = () => true): Promise<void> {
  const left = await readdir(folder);
  tally.push({
    case: `${label}: ${seen.error?.code ?? 'saved'}, ${left.length} file(s) left`,
    ok: seen.error?.code === code && left.length === 0 && more(),
  });
  expect(seen.error?.code, seen.error?.message).toBe(code);
  expect(seen.error?.hint?.length).toBeGreaterThan(10);
  expect(left).toEqual([]);
}

describe('where an archive may come from', () => {
  it('a plain-http link to another computer is refused before any request', async () => {
    const url = `${remote?.url ?? 'http://192.0.2.1:9'}/files/s.zip`;
    const seen = await attempt(url);
    await expectRefused('http link to another host', seen, 'download_refused', () => (remote ? remote.connections === 0 : seen.ms < 1000));
    expect(seen.error?.message).toMatch(/plain http/);
    if (remote) expect(remote.connections).toBe(0);
  });

  it('a redirect to plain http on another host is not followed', async () => {
    const seen = await attempt(`${local.url}/to-remote`);
    await expectRefused('redirect to http elsewhere', seen, 'download_refused', () => (remote ? remote.connections === 0 : true));
    expect(seen.error?.message).toMatch(/redirected to .* not followed/);
    if (remote) expect(remote.connections).toBe(0);
  });

  it("on this computer only the key's own origin: another port, or a redirect to another name, is refused; 5 redirects within it are followed", async () => {
    const otherPort = await attempt(`${local.url}/files/s.zip`, { localOrigin: 'http://127.0.0.1:9' });
    await expectRefused('a link at another port of this computer', otherPort, 'download_refused');
    const noKey = await attempt(`${local.url}/files/s.zip`, { localOrigin: null });
    await expectRefused('a loopback link with no key on this computer', noKey, 'download_refused');
    const toLocalhost = await attempt(`${local.url}/to-localhost`);
    await expectRefused('a redirect to localhost (another origin)', toLocalhost, 'download_refused');
    const fiveHops = await attempt(`${local.url}/hop/0?end=5`);
    tally.push({ case: `5 redirects within the origin: ${fiveHops.error?.code ?? 'saved'}`, ok: fiveHops.path !== undefined });
    expect(fiveHops.error).toBeUndefined();
    expect(new Uint8Array(await readFile(fiveHops.path!))).toEqual(ZIP);
  });

  it('a link whose name resolves to a private or metadata address is refused before connecting', async () => {
    for (const address of ['10.0.0.7', '169.254.169.254', '192.168.1.1']) {
      const asked: string[] = [];
      const seen = await attempt('https://storage.example.test/s.zip', { lookup: async (host) => (asked.push(host), [address]) });
      await expectRefused(`a link resolving to ${address}`, seen, 'download_refused', () => asked.length === 1);
      expect(seen.error?.message).toContain(`resolves to ${address}`);
    }
  });

  it('a chain of more than 5 redirects is refused', async () => {
    const before = local.requests.length;
    const seen = await attempt(`${local.url}/hop/0?end=50`);
    const sent = local.requests.length - before;
    await expectRefused('redirect chain over 5', seen, 'download_refused', () => sent === 6);
    expect(sent).toBe(6); // the link and 5 redirects, no more
  });
});

describe('a server that stalls', () => {
  it('mid-body: timed out between chunks, nothing left', async () => {
    const seen = await attempt(`${local.url}/stall`, { idleTimeoutMs: 300 });
    await expectRefused('stalled mid-body', seen, 'timeout', () => seen.ms < 5000);
    expect(seen.ms).toBeLessThan(5000);
  });

  it('before its headers: timed out, nothing left', async () => {
    const seen = await attempt(`${local.url}/silent`, { headersTimeoutMs: 300 });
    await expectRefused('no headers', seen, 'timeout', () => seen.ms < 5000);
  });
});

describe('what is kept, under which name', () => {
  it('a name the service gives as Invoice.pdf.exe is saved as Invoice.pdf.zip', async () => {
    const seen = await attempt(`${local.url}/files/Invoice.pdf.exe?X-Amz-Signature=abc`);
    const name = seen.path ? basename(seen.path) : '';
    tally.push({ case: `Invoice.pdf.exe saved as ${name || seen.error?.code}`, ok: name === 'Invoice.pdf.zip' });
    expect(name).toBe('Invoice.pdf.zip');
    expect(await readdir(folder)).toEqual(['Invoice.pdf.zip']);
  });

  it.each([
    ['a path climbing out', '..%2F..%2F.bashrc'],
    ['a Windows path', 'C%3A%5CWindows%5Cevil.bat'],
    ['a hidden file', '.profile'],
    ['a Windows device name', 'CON'],
    ['a device name with an extension', 'nul.tar.gz'],
    ['control characters', 'a%00b%0D%0Ac%07.zip'],
    ['a very long name', `${'x'.repeat(400)}.zip`],
    ['nothing usable', '%E2%80%AE%E2%80%AE'],
  ])('%s is made safe', async (label, segment) => {
    const name = archiveName(`https://storage.example.com/bucket/${segment}`, 'snapshot-1-v1.zip');
    const safe =
      name.endsWith('.zip') &&
      name.length <= 120 &&
      !/[/\\:*?"<>|]/.test(name) &&
      // eslint-disable-next-line no-control-regex -- control characters are what is looked for
      !/[\u0000-\u001f\u007f]/.test(name) &&
      !name.startsWith('.') &&
      !/^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/i.test(name);
    tally.push({ case: `${label} → ${name}`, ok: safe });
    expect(safe, name).toBe(true);
  });

  it('the archive is kept private to the user (0600)', async () => {
    const seen = await attempt(`${local.url}/files/private.zip`);
    const mode = seen.path ? (await stat(seen.path)).mode & 0o777 : null;
    tally.push({ case: `saved with mode ${mode?.toString(8)}`, ok: mode === 0o600 });
    expect(mode).toBe(0o600);
  });

  it("an error answer says its status, never the server's body", async () => {
    const seen = await attempt(`${local.url}/forbidden`);
    await expectRefused(
      'a 403 with a body',
      seen,
      'download_failed',
      () => !/AccessDenied|internal-bucket|request-id/.test(seen.error?.message ?? ''),
    );
    expect(seen.error?.message).toBe(`The download from ${new URL(local.url).host} answered HTTP 403; nothing was kept.`);
  });

  it('content that is not a ZIP is refused, and nothing is kept', async () => {
    const pdf = await attempt(`${local.url}/pdf`);
    await expectRefused('a PDF served as the archive', pdf, 'download_not_zip');
    const empty = await attempt(`${local.url}/empty`);
    await expectRefused('an empty body', empty, 'download_not_zip');
  });
});

describe('the destination folder', () => {
  it('with a folder dialog (Electron), only a folder picked in it is written to; the preview takes a typed one', async () => {
    const picked = join(root, 'picked');
    await mkdir(picked, { recursive: true });
    const electron = new DownloadFolders(async () => picked);
    const typed = await electron.resolve(folder, undefined).then(
      () => 'accepted',
      (error: AppError) => error.code,
    );
    expect(await electron.choose()).toBe(picked);
    const chosen = await electron.resolve(picked, undefined).then(
      () => 'accepted',
      (error: AppError) => error.code,
    );
    const preview = new DownloadFolders(undefined);
    const previewTyped = await preview.resolve(folder, undefined).then(
      () => 'accepted',
      (error: AppError) => error.code,
    );
    const previewDialog = await preview.choose().then(
      () => 'shown',
      (error: AppError) => error.code,
    );
    const ok = typed === 'invalid_folder' && chosen === 'accepted' && previewTyped === 'accepted' && previewDialog === 'no_folder_dialog';
    tally.push({ case: `dialog folders: typed ${typed}, picked ${chosen}; preview typed ${previewTyped}, dialog ${previewDialog}`, ok });
    expect([typed, chosen, previewTyped, previewDialog]).toEqual(['invalid_folder', 'accepted', 'accepted', 'no_folder_dialog']);
  });
});
