import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { analyze } from './analyzer/analyzerRoute.js';
import type { EmulatorContext, RequestInfo } from './context.js';
import { control, type RequestLogEntry } from './control.js';
import { FaultStore, findFault, type FaultRequest } from './faults.js';
import { HttpAnswer, readBody, readForm, readJsonBody, v1Detail, v2Error, writeAnswer } from './httpKit.js';
import { DEMO_KEYS, KeyRegistry, type EmulatorKeys } from './keys.js';
import { seedLegacyJob } from './legacyJobs.js';
import { sdkShapedAnswers, type SdkShapedOptions } from './sdkShapedMode.js';
import type { ParseResultBuilder } from './parseResult/parseResultBuilder.js';
import { pdfTextParseBuilder } from './parseResult/pdfTextBuilder.js';
import { refusesReads, signatureMismatchXml } from './rules/presignedUpload.js';
import { ObjectStore } from './storage.js';
import { inference, v1Route } from './v1/v1Routes.js';
import { V1Store } from './v1/v1Store.js';
import { JobStore, type JobTimings } from './v2/jobStore.js';
import { createExtractJob, createParseJob, getJob, listJobs, syncExtract, syncParse } from './v2/v2Routes.js';

export interface EmulatorOptions {
  /** Always loopback unless a caller insists; default 127.0.0.1. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  keys?: EmulatorKeys;
  /** How long jobs stay pending and processing; default 200 ms and 800 ms. */
  timings?: JobTimings;
  /** Concurrent document operations (parse, extract, analyze, job creates) before 429s; default unlimited. */
  maxConcurrent?: number;
  /** Per-run faults (they never run out). */
  faults?: FaultRequest[];
  /** How parse results are made; default each PDF page's own text read with pdf.js (deterministic text for images and pages without text). */
  builder?: ParseResultBuilder;
  /** Seed one completed older-format parse and extract job per v2 key; default true. */
  seedLegacyJobs?: boolean;
  /** Size of the request log in `/__control/state`; default 500. */
  requestLogSize?: number;
  /**
   * SDK-shaped mode: every JSON answer of a v2 route is shaped as the official SDK's types allow
   * (nulls, absent optional fields, epoch timestamps, older envelope names), seeded so a run replays.
   */
  sdkShaped?: SdkShapedOptions;
}

export interface Emulator {
  url: string;
  port: number;
  ctx: EmulatorContext;
  faults: FaultStore;
  requests: RequestLogEntry[];
  /**
   * An outage: stops listening and drops every open connection (clients get refused
   * connections), while jobs go on being worked on as on a service the network lost.
   */
  goOffline(): Promise<void>;
  /** Listens again on the same port, with every job and key as it was. */
  goOnline(): Promise<void>;
  /** The key is revoked on the service: every call with it gets 401 until `activateKey`. */
  revokeKey(key: string): void;
  activateKey(key: string): void;
  close(): Promise<void>;
}

const WORK_ROUTES = new Set([
  'POST /v2/parse',
  'POST /v2/parse/jobs',
  'POST /v2/extract',
  'POST /v2/extract/jobs',
  'POST /v1/tools/agentic-document-analysis',
]);

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const keys = new KeyRegistry(options.keys ?? DEMO_KEYS);
  let baseUrl = '';
  const storage = new ObjectStore();
  const builder = options.builder ?? pdfTextParseBuilder;
  const ctx: EmulatorContext = {
    baseUrl: () => baseUrl,
    keys,
    storage,
    v1: new V1Store(),
    jobs: new JobStore(deliver),
    builder,
    defaultBuilder: builder,
    timings: options.timings ?? { pendingMs: 200, processingMs: 800 },
    storageReadDelayMs: 0,
  };
  const faults = new FaultStore(options.faults ?? []);
  const requests: RequestLogEntry[] = [];
  const logSize = options.requestLogSize ?? 500;
  const maxConcurrent = options.maxConcurrent ?? Number.POSITIVE_INFINITY;
  let inFlight = 0;
  const shapeAnswer = options.sdkShaped ? await sdkShapedAnswers(options.sdkShaped) : null;

  const server = createServer((req, res) => {
    void handle(req, res);
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://emulator.local');
    const method = req.method ?? 'GET';
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const log: RequestLogEntry = { method, path, query: url.search, status: 0, at: new Date().toISOString() };
    if (!path.startsWith('/__control')) {
      requests.push(log);
      if (requests.length > logSize) requests.shift();
    }
    let counted = false;
    /** Set once the request is past the transport faults: its answer, whatever it is, is then dropped. */
    let loseAnswer = false;
    /** A body fault's answer is written as armed, never shaped. */
    let armedBody = false;
    try {
      const body = await readBody(req);
      const info: RequestInfo = { req, method, path, query: url.searchParams, body, form: null, faults: [], principal: '' };
      if (path.startsWith('/__control')) return finish(await control({ ctx, faults, requests, inFlight: () => inFlight }, info));
      if (path.startsWith('/__storage/')) return finish(await storageRoute(info));

      info.faults = faults.take(method, path);
      const drop = findFault(info.faults, 'drop');
      if (drop && !drop.afterWork) {
        log.status = 'dropped';
        req.socket.destroy();
        return;
      }
      const status = findFault(info.faults, 'status');
      if (status) return finish(statusFault(path, status.status, status.retryAfter));
      loseAnswer = drop?.afterWork === true;

      info.principal = authenticate(req, path);
      if (WORK_ROUTES.has(`${method} ${path}`)) {
        if (inFlight >= maxConcurrent)
          return finish(rateLimited(path, `At most ${maxConcurrent} concurrent requests; try again shortly.`, '1'));
        inFlight++;
        counted = true;
      }
      // Latency counts as time in flight, so slow requests fill the concurrency cap.
      const latency = findFault(info.faults, 'latency');
      if (latency && !latency.afterWork) await sleep(latency.ms);
      info.form = await readForm(req, body);
      const fields = loggedFields(info.form, body);
      if (fields) log.fields = fields;
      const routed = (await route(info)) ?? notFound(path);
      const bodyFault = findFault(info.faults, 'body');
      // Only work that was done gets the fault's answer: a refused request keeps its own.
      const answer = bodyFault && routed.status < 300 ? new HttpAnswer(bodyFault.status, bodyFault.body) : routed;
      armedBody = answer !== routed;
      if (latency?.afterWork) await sleep(latency.ms);
      return finish(answer);
    } catch (error) {
      if (error instanceof HttpAnswer) return finish(error);
      console.error('emulator: handler failed', error);
      return finish(
        path.startsWith('/v2')
          ? v2Error(500, 'internal_error', 'The emulator failed; see its log.')
          : v1Detail(500, 'Internal Server Error'),
      );
    } finally {
      if (counted) inFlight--;
    }

    function finish(answer: HttpAnswer): void {
      log.status = answer.status;
      log.ms = Date.now() - Date.parse(log.at);
      const data = (answer.body as { data?: unknown } | null)?.data;
      if (Array.isArray(data)) log.dataItems = data.length;
      if (loseAnswer) {
        log.status = 'dropped';
        log.answerLost = true;
        req.socket.destroy();
        return;
      }
      writeAnswer(res, shapeAnswer && !armedBody ? shapeAnswer(method, path, answer) : answer);
    }
  }

  function authenticate(req: IncomingMessage, path: string): string {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    if (path.startsWith('/v2/')) {
      const auth = keys.bearer('v2', header('authorization'));
      if (!auth.ok) throw v2Error(401, 'invalid_api_key', auth.reason);
      return auth.principal;
    }
    if (path === '/v1/tools/agentic-document-analysis') {
      const auth = keys.bearer('analyzer', header('authorization'));
      if (!auth.ok) throw v1Detail(401, auth.reason);
      return auth.principal;
    }
    if (path.startsWith('/v1/') || path.startsWith('/inference/')) {
      const auth = keys.apiKey(header('apikey'), header('apisecret'));
      if (!auth.ok) throw v1Detail(401, auth.reason);
      return auth.principal;
    }
    return '';
  }

  async function route(info: RequestInfo): Promise<HttpAnswer | null> {
    const { method, path } = info;
    switch (`${method} ${path}`) {
      case 'POST /v2/parse':
        return syncParse(ctx, info);
      case 'POST /v2/parse/jobs':
        return createParseJob(ctx, info);
      case 'GET /v2/parse/jobs':
        return listJobs(ctx, info, 'parse');
      case 'POST /v2/extract':
        return syncExtract(ctx, info);
      case 'POST /v2/extract/jobs':
        return createExtractJob(ctx, info);
      case 'GET /v2/extract/jobs':
        return listJobs(ctx, info, 'extract');
      case 'POST /v1/tools/agentic-document-analysis':
        return analyze(ctx, info);
      case 'POST /inference/v1/predict':
        return inference(info);
    }
    const poll = /^\/v2\/(parse|extract)\/jobs\/([^/]+)$/.exec(path);
    if (poll && method === 'GET') return getJob(ctx, info, poll[1] as 'parse' | 'extract', decodeURIComponent(poll[2]!));
    if (path.startsWith('/v1/')) return v1Route(ctx, info);
    return null;
  }

  async function storageRoute(info: RequestInfo): Promise<HttpAnswer> {
    const name = decodeURIComponent(info.path.slice('/__storage/'.length));
    if (info.method === 'PUT') {
      storage.put(name, new Uint8Array(info.body), String(info.req.headers['content-type'] ?? 'application/octet-stream'));
      return new HttpAnswer(200, { stored: name });
    }
    const reads = info.method === 'GET' || info.method === 'HEAD';
    if (reads && refusesReads(info.query)) {
      return new HttpAnswer(403, new TextEncoder().encode(signatureMismatchXml(name)), { 'Content-Type': 'application/xml' });
    }
    if (reads && ctx.storageReadDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, ctx.storageReadDelayMs));
    const object = storage.get(name);
    if (reads && object) return new HttpAnswer(200, object.bytes, { 'Content-Type': object.contentType });
    return new HttpAnswer(404, { error: `No object "${name}".` });
  }

  /** Delivers a finished job's result by PUT to its output_save_url. */
  async function deliver(url: string, body: string): Promise<void> {
    const response = await fetch(url, {
      method: 'PUT',
      body,
      headers: { 'Content-Type': 'application/json' },
      signal: AbortSignal.timeout(30_000),
    });
    if (!response.ok) throw new Error(`PUT answered HTTP ${response.status}`);
  }

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, options.host ?? '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  await listen(options.port ?? 0);
  const address = server.address() as AddressInfo;
  baseUrl = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;

  if (options.seedLegacyJobs ?? true) {
    for (const key of keys.list().v2) {
      await seedLegacyJob(ctx, key, 'parse', randomUUID());
      await seedLegacyJob(ctx, key, 'extract', `job_${randomBytes(8).toString('hex')}`);
    }
  }

  return {
    url: baseUrl,
    port: address.port,
    ctx,
    faults,
    requests,
    goOffline: () => stopListening(),
    goOnline: () => listen(address.port),
    revokeKey: (key) => keys.revoke(key),
    activateKey: (key) => keys.activate(key),
    close: async () => {
      ctx.jobs.close();
      if (server.listening) await stopListening();
    },
  };
}

function statusFault(path: string, status: number, retryAfter: string | undefined): HttpAnswer {
  if (status === 429) return rateLimited(path, 'Too many requests (emulated).', retryAfter ?? '1');
  const headers: Record<string, string> = retryAfter !== undefined ? { 'Retry-After': retryAfter } : {};
  const code =
    status === 503 ? 'service_unavailable' : status === 422 ? 'validation_error' : status >= 500 ? 'internal_error' : `http_${status}`;
  if (path.startsWith('/v2/')) return v2Error(status, code, `Emulated HTTP ${status}.`, headers);
  return new HttpAnswer(status, { detail: `Emulated HTTP ${status}.` }, headers);
}

function rateLimited(path: string, message: string, retryAfter: string): HttpAnswer {
  const headers = { 'Retry-After': retryAfter };
  return path.startsWith('/v2/')
    ? v2Error(429, 'rate_limit_exceeded', message, headers)
    : new HttpAnswer(429, { detail: message }, headers);
}

function notFound(path: string): HttpAnswer {
  return path.startsWith('/v2/') ? v2Error(404, 'not_found', `No route ${path}.`) : v1Detail(404, 'Not Found');
}

/** What a test needs to see of a body: which fields were sent, with their short text values. */
function loggedFields(form: FormData | null, body: Buffer): Record<string, string> | undefined {
  const shown = (value: unknown): string =>
    value instanceof File
      ? `<file ${value.name}>`
      : typeof value === 'string' && value.length <= 300
        ? value
        : `<${typeof value === 'string' ? value.length : (JSON.stringify(value)?.length ?? 0)} characters>`;
  if (form) return Object.fromEntries([...form.entries()].map(([name, value]) => [name, shown(value)]));
  const json = readJsonBody(body);
  if (!json.ok || typeof json.value !== 'object' || json.value === null || Array.isArray(json.value)) return undefined;
  return Object.fromEntries(Object.entries(json.value).map(([name, value]) => [name, shown(value)]));
}
