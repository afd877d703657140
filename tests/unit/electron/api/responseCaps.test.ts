/**
 * "Response caps": every body main reads is counted as it streams and cut off past a cap,
 * over real loopback HTTP. Each case streams 600 MB at a cap of 8 MB; the client must
 * abort early (the server sees the connection close before it sent everything), fail with
 * `response_too_large` naming the host and the cap with a hint, and the test process must
 * not grow by anything near 600 MB. Paths: a service call, a job's output_url, a snapshot
 * download, and the retry policy, which must not send again.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyNetworkSettings, MB } from '../../../../electron/api/networkLimits.js';
import { requestWithRetry } from '../../../../electron/api/retry.js';
import { V2Client } from '../../../../electron/api/v2Client.js';
import { downloadArchive } from '../../../../electron/datasets/snapshotDownload.js';
import { createLogger } from '../../../../electron/core/log.js';
import { createServices } from '../../../../electron/app/services.js';
import { AppError } from '../../../../shared/errors.js';
import { clearKeychainService } from '../../../support/keychainCleanup.js';
import { peakRssGrowth, startServer, streamBody, type StreamStats, type TestServer } from '../../../support/streamingServer.js';
import { recordTrustRow } from '../../../trust/trustReport.js';
import { credential, KEYS, useEmulator } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf } from '../../../support/jobsHarness.js';

const STREAMED = 600 * MB;
const CAP_MB = 8;
/** Far below the 600 MB streamed, generous for a busy machine's allocator. */
const MAX_GROWTH = 200 * MB;
const ZIP_HEAD = Uint8Array.from([0x50, 0x4b, 0x03, 0x04]);

const env = useEmulator();
const tally: { case: string; ok: boolean }[] = [];
let server: TestServer;
let streams: StreamStats[] = [];
/** What the server does on the next request; PUTs (a job delivering its result) are accepted. */
let answer: 'stream' | 'stream-declared' | 'stream-zip' = 'stream';
let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'groundwork-caps-'));
  server = await startServer((req, res) => {
    if (req.method === 'PUT') {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'));
      return;
    }
    const headers: Record<string, string> = answer === 'stream-declared' ? { 'Content-Length': String(STREAMED) } : {};
    streams.push(streamBody(res, STREAMED, { headers, ...(answer === 'stream-zip' ? { first: ZIP_HEAD } : {}) }));
  });
});
afterEach(() => {
  streams = [];
  answer = 'stream';
  applyNetworkSettings(undefined);
});
afterAll(async () => {
  recordTrustRow({
    check: 'response caps',
    cases: tally.length,
    failures: tally.filter((t) => !t.ok).length,
    note:
      tally.find((t) => !t.ok)?.case ??
      '600 MB streamed at an 8 MB cap: service call, declared length, output_url, snapshot download, retry policy',
  });
  await server.close();
  await rm(root, { recursive: true, force: true });
});

/** Runs one capped case, tallies it for `npm run trust`, and hands back what was seen for its own checks. */
async function cappedCase(
  label: string,
  run: () => Promise<unknown>,
): Promise<{ error: AppError | null; stream: StreamStats | undefined; growth: number }> {
  const { error, growthBytes } = await peakRssGrowth(run);
  const stream = streams[0];
  await stream?.closed;
  const appError = error instanceof AppError ? error : null;
  const ok =
    appError?.code === 'response_too_large' &&
    appError.message.includes(`127.0.0.1:${server.port}`) &&
    appError.message.includes(`${CAP_MB} MB`) &&
    (appError.hint?.length ?? 0) > 20 &&
    stream?.closedEarly === true &&
    growthBytes < MAX_GROWTH;
  tally.push({
    case: `${label}: ${appError?.code ?? String(error ?? 'no error')}, ${Math.round((stream?.sent ?? 0) / MB)} MB sent, +${Math.round(growthBytes / MB)} MB`,
    ok,
  });
  return { error: appError, stream, growth: growthBytes };
}

function expectCut(seen: { error: AppError | null; stream: StreamStats | undefined; growth: number }): void {
  expect(seen.error?.code, seen.error?.message).toBe('response_too_large');
  expect(seen.error?.message).toContain(`127.0.0.1:${server.port}`);
  expect(seen.error?.message).toContain(`${CAP_MB} MB`);
  expect(seen.error?.hint?.length).toBeGreaterThan(20);
  expect(seen.stream?.closedEarly).toBe(true);
  expect(seen.stream!.sent).toBeLessThan(STREAMED / 4);
  expect(seen.growth).toBeLessThan(MAX_GROWTH);
}

describe('answers past the cap are cut off while they stream', () => {
  it('a service call, with the cap from settings.json (network.maxResponseMb)', async () => {
    const dataDir = join(root, 'data');
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'settings.json'), JSON.stringify({ version: 1, keys: [], network: { maxResponseMb: CAP_MB } }));
    const keychainService = `groundwork-unit-caps-${process.pid}-${Date.now()}`;
    const services = await createServices({
      shell: 'preview',
      version: 'test',
      dataDir,
      samplesDir: 'resources/samples',
      keychainService,
      logger: createLogger(null, { console: false }),
    });
    try {
      const client = new V2Client({ credential: credential('v2', server.url, KEYS.v2) });
      const seen = await cappedCase('service call (v2 job poll)', () => client.getParseJob('parse-01hzx3k5m7n9p1q3r5s7t9v1w3'));
      expectCut(seen);
      expect(seen.error?.hint).toContain('maxResponseMb');
      expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(1); // not sent again
    } finally {
      services.jobs.stop();
      await services.close();
      await clearKeychainService(keychainService);
      server.requests.length = 0;
    }
  }, 60_000);

  it('a Content-Length above the cap is refused before the body is read', async () => {
    applyNetworkSettings({ maxResponseMb: CAP_MB });
    answer = 'stream-declared';
    const seen = await cappedCase('declared length', () =>
      new V2Client({ credential: credential('v2', server.url, KEYS.v2) }).getParseJob('parse-01hzx3k5m7n9p1q3r5s7t9v1w3'),
    );
    expectCut(seen);
    expect(seen.error?.message).toContain('announced 600 MB');
    server.requests.length = 0;
  }, 60_000);

  it('the retry policy does not send again after an answer over the cap', async () => {
    const seen = await cappedCase('retry policy', () =>
      requestWithRetry(
        { method: 'GET', url: `${server.url}/big`, maxResponseBytes: CAP_MB * MB },
        { policy: { maxAttempts: 5, baseDelayMs: 1, maxDelayMs: 1 } },
      ),
    );
    expectCut(seen);
    expect(server.requests).toHaveLength(1);
    server.requests.length = 0;
  }, 60_000);

  it("a job's output_url: the job stops there, saying the result stays on the service", async () => {
    applyNetworkSettings({ maxResponseMb: CAP_MB });
    const world = await jobsWorld(env.emulator.url, KEYS.v2);
    try {
      const document = await world.workspace.addDocument('a.pdf', await numberedPdf(71));
      const stamp = new Date().toISOString().replace(/[-:]/g, '').slice(0, 15) + 'Z';
      const outputSaveUrl = `${server.url}/out.json?X-Amz-Date=${stamp}&X-Amz-Expires=7200`;
      let settled: Awaited<ReturnType<typeof world.jobs.poller.whenSettled>> | undefined;
      const seen = await cappedCase('job output_url', async () => {
        const created = await world.jobs.creator.submit({ service: 'parse', documentId: document.id, outputSaveUrl });
        settled = await world.jobs.poller.whenSettled(created.jobId);
        if (settled.problem) throw new AppError(settled.problem);
      });
      expectCut(seen);
      expect(settled).toMatchObject({ resultId: null, problem: { code: 'response_too_large' } });
      expect(settled!.problem!.hint).toMatch(/stays on the service.*Check again/);
      expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(1); // final: not polled again
    } finally {
      await world.close();
      server.requests.length = 0;
    }
  }, 60_000);

  it('a snapshot download, with its own cap (network.maxDownloadMb): nothing is left in the folder', async () => {
    applyNetworkSettings({ maxDownloadMb: CAP_MB });
    answer = 'stream-zip';
    const folder = join(root, 'downloads');
    await mkdir(folder, { recursive: true });
    const seen = await cappedCase('snapshot download', () =>
      downloadArchive({
        url: `${server.url}/s.zip`,
        localOrigin: server.url,
        folder,
        fileName: 's.zip',
        taskId: 't',
        emit: () => undefined,
      }),
    );
    expectCut(seen);
    expect(seen.error?.hint).toContain('maxDownloadMb');
    expect(await readdir(folder)).toEqual([]);
    server.requests.length = 0;
  }, 60_000);
});
