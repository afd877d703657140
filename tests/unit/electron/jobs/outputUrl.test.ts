import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressesProblem, urlProblem } from '../../../../electron/api/guardedFetch.js';
import { fetchOutput, MAX_OUTPUT_REDIRECTS } from '../../../../electron/jobs/outputUrl.js';
import type { JobRecord } from '../../../../shared/jobs.js';
import { startServer, type TestServer } from '../../../support/streamingServer.js';
import { startTlsServer, TEST_CA, type TlsTestServer } from '../../../support/tlsServer.js';
import { caught } from '../../../support/emulatorHarness.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';
import { jobStateText } from '../../../../renderer/components/jobWords.js';
import { jobRecord } from '../../../support/jobRecord.js';

// A job's output_url comes from the service's answer: it is fetched only over https from
// public addresses, except where the job's key itself points at this computer (the
// emulator), and it never carries the key.

const SECRET = 'test-output-url-secret-key';
const PARSE_RESULT = { markdown: '# Out', metadata: {}, structure: { type: 'document', children: [] } };
const REMOTE_KEY = 'https://api.va.landing.ai';
const signal = new AbortController().signal;

/** A stand-in v2 service on loopback: job polls answer "completed" with the output_url a test sets. */
let service: TestServer;
const outputUrls = new Map<string, string>();

beforeAll(async () => {
  service = await startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const poll = /^\/v2\/parse\/jobs\/(.+)$/.exec(url.pathname);
    const json = (status: number, body: unknown) => res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (poll) return json(200, { job_id: poll[1], status: 'completed', output_url: outputUrls.get(poll[1]!) ?? null });
    if (url.pathname === '/out.json') return json(200, PARSE_RESULT);
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) return res.writeHead(302, { Location: `/hop/${Number(hop[1]) + 1}` }).end();
    if (url.pathname === '/to-metadata') return res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (url.pathname === '/to-out') return res.writeHead(301, { Location: '/out.json' }).end();
    if (url.pathname === '/drip.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).write('[');
      const timer = setInterval(() => res.write('0,'), 30);
      return res.on('close', () => clearInterval(timer));
    }
    json(404, { error: 'no such path' });
  });
});
afterAll(() => service.close());

describe('which output_url is fetched (the rule itself)', () => {
  const refusedFor = async (url: string, keyAddress = REMOTE_KEY, lookup?: (host: string) => Promise<string[]>) =>
    caught(fetchOutput(url, { keyAddress, signal, ...(lookup ? { lookup } : {}) }));

  it.each([
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data/iam/', /169\.254\.169\.254 is a link-local/],
    ['a private address', 'https://10.0.0.1/out.json', /10\.0\.0\.1 is a private-network address/],
    ['IPv6 loopback with a key on the internet', 'https://[::1]:8443/out.json', /::1 is a loopback/],
    ['IPv6 link-local', 'https://[fe80::1]/out.json', /link-local/],
    ['an IPv4-mapped private address', 'https://[::ffff:10.0.0.1]/out.json', /private-network/],
    ['the unspecified address', 'https://0.0.0.0/out.json', /unspecified/],
    ['plain http with an https key', 'http://storage.example.com/out.json', /plain http, and only https/],
    ['not a web address', 'file:///etc/passwd', /not an http\(s\) address/],
  ])('refuses %s', async (_label, url, words) => {
    const error = await refusedFor(url, REMOTE_KEY, async () => ['93.184.216.34']);
    expect(error.code).toBe('invalid_output_url');
    expect(error.message).toMatch(words);
    expect(error.hint).toMatch(/stays on the service/);
  });

  it('refuses a host name that resolves to loopback when the key is not (real DNS: localhost), without connecting', async () => {
    const error = await refusedFor(`https://localhost:${service.port}/out.json`);
    expect(error).toMatchObject({
      code: 'invalid_output_url',
      message: expect.stringMatching(/localhost resolves to (127\.0\.0\.1|::1), a loopback/),
    });
    expect(service.connections).toBe(0);
  });

  it('refuses a host name if any of its addresses is not public', async () => {
    const lookups: string[] = [];
    const lookup = async (host: string) => {
      lookups.push(host);
      return ['93.184.216.34', '192.168.1.20'];
    };
    const error = await refusedFor('https://bucket.example.com/out.json', REMOTE_KEY, lookup);
    expect(error.message).toMatch(/bucket\.example\.com resolves to 192\.168\.1\.20, a private-network address/);
    expect(lookups).toEqual(['bucket.example.com']);
  });

  it('passes an https address whose every address is public', async () => {
    // The guard's own rules, as the fetcher applies them before connecting.
    expect(urlProblem(new URL('https://bucket.example.com/out.json'), false)).toBeNull();
    expect(addressesProblem('bucket.example.com', ['93.184.216.34', '2606:2800:220:1::1'], false)).toEqual([
      '93.184.216.34',
      '2606:2800:220:1::1',
    ]);
  });

  it('a loopback key allows the emulator: http and loopback, but still no private or link-local address', async () => {
    const emulatorKey = 'http://127.0.0.1:9';
    expect(urlProblem(new URL('http://127.0.0.1:5/out.json'), true)).toBeNull();
    expect(await refusedFor('http://10.0.0.1/out.json', emulatorKey)).toMatchObject({
      message: expect.stringMatching(/plain http, allowed only on this computer/),
    });
    expect(await refusedFor('https://169.254.169.254/', emulatorKey)).toMatchObject({ message: expect.stringMatching(/link-local/) });
  });
});

describe('redirects of an output_url', () => {
  const keyAddress = () => service.url; // loopback, as the emulator's

  it('follows one to a target that passes the same check', async () => {
    expect(await fetchOutput(`${service.url}/to-out`, { keyAddress: keyAddress(), signal })).toEqual(PARSE_RESULT);
  });

  it('refuses one to the cloud metadata address', async () => {
    const error = await caught(fetchOutput(`${service.url}/to-metadata`, { keyAddress: keyAddress(), signal }));
    expect(error).toMatchObject({
      code: 'invalid_output_url',
      message: expect.stringMatching(/redirected to 169\.254\.169\.254, which was not followed/),
    });
  });

  it('an answer that drips on past the total deadline is given up with output_unreachable (polled again later), not waited on for ever', async () => {
    const error = await caught(fetchOutput(`${service.url}/drip.json`, { keyAddress: keyAddress(), signal, totalMs: 300 }));
    expect(error).toMatchObject({ code: 'output_unreachable', message: expect.stringContaining('was still sending after') });
  });

  it(`stops after ${MAX_OUTPUT_REDIRECTS} redirects`, async () => {
    const before = service.requests.length;
    const error = await caught(fetchOutput(`${service.url}/hop/0`, { keyAddress: keyAddress(), signal }));
    expect(error).toMatchObject({ code: 'invalid_output_url', message: expect.stringMatching(/more than 5 times/) });
    expect(service.requests.length - before).toBe(MAX_OUTPUT_REDIRECTS + 1);
  });
});

describe('an output_url is read from the address that was checked', () => {
  let tls: TlsTestServer;
  beforeAll(async () => {
    tls = await startTlsServer((req, res) => {
      if (req.url === '/to-private') return res.writeHead(302, { Location: `https://docs.example.test:${tls.port}/out.json` }).end();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(PARSE_RESULT));
    });
  });
  afterAll(() => tls.close());

  // A zero-TTL name answering an allowed address to the check and a private one after. The
  // test server is on loopback, so the allowed answer is loopback (an emulator key's case).
  it('a rebinding name is looked up once and read from its first answer', async () => {
    const asked: string[] = [];
    const lookup = async (host: string) => (asked.push(host), [asked.length === 1 ? '127.0.0.1' : '169.254.169.254']);
    expect(
      await fetchOutput(`https://bucket.example.test:${tls.port}/out.json`, { keyAddress: service.url, signal, lookup, ca: TEST_CA }),
    ).toEqual(PARSE_RESULT);
    expect(asked).toEqual(['bucket.example.test']);
    expect(tls.requests.at(-1)).toEqual({ path: '/out.json', host: `bucket.example.test:${tls.port}` });
  });

  it('an https redirect to a name that resolves to a private address is not followed', async () => {
    const lookup = async (host: string) => (host === 'bucket.example.test' ? ['127.0.0.1'] : ['10.0.0.7']);
    const before = tls.requests.length;
    const error = await caught(
      fetchOutput(`https://bucket.example.test:${tls.port}/to-private`, { keyAddress: service.url, signal, lookup, ca: TEST_CA }),
    );
    expect(error).toMatchObject({
      code: 'invalid_output_url',
      message: expect.stringContaining('docs.example.test resolves to 10.0.0.7, a private-network address'),
    });
    expect(tls.requests.slice(before).map((r) => r.path)).toEqual(['/to-private']);
  });
});

describe('the job tracker and output_url', () => {
  let world: JobsWorld;
  beforeEach(async () => {
    world = await jobsWorld(service.url, SECRET);
  });
  afterEach(() => world.close());

  const completedJob = (jobId: string, outputUrl: string) => followCompletedJob(world, jobId, outputUrl);

  it("the emulator path: an http output_url on the key's own loopback host is fetched, without the key", async () => {
    const settled = await completedJob('parse-01hzx3k5m7n9p1q3r5s7t9v1a1', `${service.url}/out.json`);
    expect(settled).toMatchObject({ status: 'completed', problem: null, resultId: expect.any(String) });
    const poll = service.requests.find((r) => r.path === '/v2/parse/jobs/parse-01hzx3k5m7n9p1q3r5s7t9v1a1')!;
    const output = service.requests.find((r) => r.path === '/out.json')!;
    expect(JSON.stringify(poll.headers)).toContain(SECRET); // the search below can find the key
    expect(JSON.stringify(output.headers)).not.toContain(SECRET);
    expect(output.headers.authorization).toBeUndefined();
  });

  it.each([
    ['the cloud metadata address', 'parse-01hzx3k5m7n9p1q3r5s7t9v1a2', 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', 'parse-01hzx3k5m7n9p1q3r5s7t9v1a3', 'https://10.0.0.1/out.json'],
    ['a redirect to the metadata address', 'parse-01hzx3k5m7n9p1q3r5s7t9v1a4', '/to-metadata'],
  ])(
    '%s stops the job for good, with invalid_output_url',
    async (_label, jobId, url) => {
      const settled = await completedJob(jobId, url.startsWith('/') ? `${service.url}${url}` : url);
      expect(settled).toMatchObject({ resultId: null, problem: { code: 'invalid_output_url' } });
      expect(settled.problem!.message).toMatch(/link-local|private-network|plain http, allowed only on this computer/);
    },
    15_000,
  );
});

describe("an output_url that cannot be read back (the user's storage)", () => {
  // A stand-in for the user's bucket, apart from the service: a presigned upload URL refuses
  // GET; `flaky` fails with a 500 twice, then serves the result.
  let bucket: TestServer;
  let flakyFailures = 0;
  let world: JobsWorld;
  beforeAll(async () => {
    bucket = await startServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/put-only' && req.method === 'GET')
        return res.writeHead(403, { 'Content-Type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      if (path === '/gone') return res.writeHead(410).end();
      if (path === '/flaky' && flakyFailures++ < 2) return res.writeHead(500).end();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(PARSE_RESULT));
    });
  });
  afterAll(() => bucket.close());
  beforeEach(async () => {
    world = await jobsWorld(service.url, SECRET);
  });
  afterEach(() => world.close());

  const completedJob = (jobId: string, outputUrl: string) => followCompletedJob(world, jobId, outputUrl);

  it.each([
    ['a presigned upload URL that refuses GET (403)', 'parse-01hzx3k5m7n9p1q3r5s7t9v1b1', '/put-only', 403],
    ['an object that is gone (410)', 'parse-01hzx3k5m7n9p1q3r5s7t9v1b2', '/gone', 410],
  ])(
    '%s settles the job: completed on the service, not readable from here',
    async (_label, jobId, path, status) => {
      const settled = await completedJob(jobId, `${bucket.url}${path}`);
      expect(settled).toMatchObject({ status: 'completed', resultId: null, problem: { code: 'output_unreadable', status } });
      expect(settled.problem!.message).toMatch(
        /Completed on the service and delivered to your output_save_url, but not readable from here/,
      );
      expect(settled.problem!.hint).toMatch(/Check again/);
      expect(jobStateText(settled)).toMatch(/not readable from here/);
    },
    15_000,
  );

  it('a 5xx from the storage is polled through, and the result is stored once it answers', async () => {
    flakyFailures = 0;
    const settled = await completedJob('parse-01hzx3k5m7n9p1q3r5s7t9v1b3', `${bucket.url}/flaky`);
    expect(settled).toMatchObject({ status: 'completed', problem: null, resultId: expect.any(String) });
    expect(bucket.requests.filter((r) => r.path === '/flaky').length).toBe(3);
  }, 15_000);

  it('"Check again" reads the output once the storage serves it', async () => {
    const jobId = 'parse-01hzx3k5m7n9p1q3r5s7t9v1b4';
    const stopped = await completedJob(jobId, `${bucket.url}/put-only`);
    expect(stopped.problem?.code).toBe('output_unreadable');
    outputUrls.set(jobId, `${bucket.url}/readable`);
    await world.jobs.poller.recheck(jobId);
    const settled = await world.jobs.poller.whenSettled(jobId);
    expect(settled).toMatchObject({ status: 'completed', problem: null, resultId: expect.any(String) });
  }, 15_000);
});

/** A job recorded here as processing, which the service reports completed at `outputUrl`; followed until it settles. */
async function followCompletedJob(world: JobsWorld, jobId: string, outputUrl: string): Promise<JobRecord> {
  // Documents differ per job (the id's and URL's lengths), so each job has its own.
  const document = await world.workspace.addDocument('a.pdf', await numberedPdf(jobId.length + outputUrl.length));
  outputUrls.set(jobId, outputUrl);
  await world.jobs.records.write(jobId, jobRecord(jobId, { documentId: document.id, documentName: 'a.pdf', status: 'processing' }));
  await world.jobs.resume();
  return world.jobs.poller.whenSettled(jobId);
}
