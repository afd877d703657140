// The crash writer: a child process that starts the real main-process services on a data
// folder and writes through the IPC handler table without pause, reporting each
// acknowledged write on fd 3. Its parent (crashLoop.ts) kills it with SIGKILL at a random
// moment. Usage: node writer.mjs <dataDir> <run> <seed>
import { createHash, randomUUID } from 'node:crypto';
import { writeSync } from 'node:fs';
import type { Channel } from '../../shared/ipc/channels.js';
import type { RequestIn, ResponseOf } from '../../shared/ipc/table.js';
import { createHandlers } from '../../electron/app/handlers.js';
import { dispatch } from '../../electron/core/ipcDispatch.js';
import { resultIdForJob } from '../../electron/jobs/jobRecords.js';
import type { Keychain } from '../../electron/keys/keychain.js';
import { createLogger } from '../../electron/core/log.js';
import { createServices } from '../../electron/app/services.js';
import { jobRecord } from '../support/jobRecord.js';
import { ACK_FD, type WriterLine } from './acks.js';
import { seededRandom, skewedSize } from './random.js';

const [dataDir, runArg, seedArg] = process.argv.slice(2);
if (!dataDir || !runArg || !seedArg) throw new Error('usage: writer <dataDir> <run> <seed>');
const run = Number(runArg);
const random = seededRandom(Number(seedArg));
/** Streams of writes in flight at once, as a busy UI has (a run finishing while the user reviews). */
const STREAMS = 3;

function send(line: WriterLine): void {
  // Synchronous, so an ack is in the parent's pipe before the next write starts.
  writeSync(ACK_FD, `${JSON.stringify(line)}\n`);
}

/** Secrets live only in memory here: the keychain is not what this test is about, and the real one must not fill up. */
function memoryKeychain(): Keychain {
  const entries = new Map<string, string>();
  return {
    set: async (account, secret) => void entries.set(account, secret),
    get: async (account) => entries.get(account) ?? null,
    delete: async (account) => entries.delete(account),
    list: async () => [...entries].map(([account, secret]) => ({ account, secret })),
  };
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const logger = createLogger(dataDir, { console: false });
const services = await createServices({
  shell: 'preview',
  version: 'crash',
  dataDir,
  samplesDir: 'resources/samples',
  keychain: memoryKeychain(),
  logger,
  quietStartMs: 0,
});
// Ready once the start-up walk has cleared what earlier lives' interrupted writes left.
await services.housekeeping.done;
const handlers = createHandlers(services);
send({ ready: true, pid: process.pid });

async function call<C extends Channel>(channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> {
  const answer = await dispatch(handlers, channel, request, logger);
  if (!answer.ok) throw new Error(`${channel}: ${answer.error.code} ${answer.error.message}`);
  return answer.value as ResponseOf<C>;
}

let counter = 0;
/** Increases across runs too (run × 10,000 + n), so "this value or a later one" can be checked. */
const next = () => run * 10_000 + ++counter;

function png(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = Math.floor(random() * 256);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

function text(size: number): string {
  const words = ['total', 'invoice', 'Größe', '日本', '😀', 'line\n', 'amount: 12.50', '"quoted"', '\\'];
  let out = '';
  while (out.length < size) out += `${words[Math.floor(random() * words.length)]} `;
  return out;
}

async function addDocument(): Promise<string> {
  const bytes = png(skewedSize(random, 1_000, 400_000));
  const document = await call('documents:import', { name: `scan-${run}-${counter}.png`, bytes });
  send({ ack: { op: 'document', id: document.id, sha256: sha256(bytes) } });
  return document.id;
}

async function addParse(documentId: string): Promise<string> {
  const markdown = text(skewedSize(random, 500, 600_000));
  const body = JSON.stringify({
    markdown,
    metadata: { page_count: 1, version: 'crash-test' },
    structure: { type: 'document', children: [] },
  });
  const stored = await call('results:import', { documentId, fileName: 'parse.json', text: body });
  send({ ack: { op: 'result', id: stored.id, kind: 'parse', sha256: sha256(body) } });
  return stored.id;
}

/** The fields of the extraction decisions are made on (main refuses a path that is not a field). */
const REVIEW_FIELDS = 500;

async function addExtraction(documentId: string, sourceResultId: string): Promise<string> {
  const fields = Array.from({ length: REVIEW_FIELDS }, (_, i) => `field_${i}`);
  const body = JSON.stringify({
    extraction: { total: text(40), ...Object.fromEntries(fields.map((f) => [f, 'x'])) },
    extraction_metadata: { total: { references: [] } },
    metadata: { model_version: 'crash-test' },
  });
  const stored = await call('results:import', { documentId, fileName: 'extract.json', text: body, sourceResultId });
  send({ ack: { op: 'result', id: stored.id, kind: 'extract', sha256: sha256(body) } });
  return stored.id;
}

// What this run writes into: a document, its parse, an extraction to review, a v1 key for projects.
const documentId = await addDocument();
const parseId = await addParse(documentId);
const extractionId = await addExtraction(documentId, parseId);
const key = await call('keys:add', { name: `crash key ${run}`, kind: 'v1', secret: `v1key${run}x${Math.floor(random() * 1e9)}` });
send({ ack: { op: 'key', id: key.id, name: key.name } });

/** A job record written the way the tracker writes one: on its 202, then with its stored result. */
async function trackJob(): Promise<void> {
  const jobId = `cr${run}j${counter}${randomUUID().slice(0, 8)}`;
  const record = jobRecord(jobId, {
    keyId: key.id,
    documentId,
    documentName: 'scan.png',
    request: { service: 'parse', documentId, keyId: key.id },
  });
  await services.jobs.records.write(jobId, record);
  send({ ack: { op: 'job', jobId, status: 'pending', resultId: null } });
  const resultId = resultIdForJob(jobId);
  await services.workspace.saveResult({
    id: resultId,
    documentId,
    kind: 'parse',
    engine: 'parse',
    modelVersion: null,
    pageCount: 1,
    credits: 3,
    partial: false,
    response: { markdown: text(skewedSize(random, 200, 200_000)), metadata: {}, structure: { type: 'document' } },
  });
  await services.jobs.records.write(jobId, {
    ...record,
    status: 'completed',
    completedAt: new Date().toISOString(),
    resultId,
    updatedAt: new Date().toISOString(),
  });
  send({ ack: { op: 'job', jobId, status: 'completed', resultId } });
}

const operations: Array<[weight: number, write: () => Promise<void>]> = [
  [2, async () => void (await addDocument())],
  [3, async () => void (await addParse(documentId))],
  [
    4,
    async () => {
      // A field decided again replaces its value: the verifier checks the latest acknowledged one.
      const path = `field_${next() % REVIEW_FIELDS}`;
      const value = text(skewedSize(random, 1, 2_000));
      await call('reviews:decide', { extractionId, path, decision: { status: 'corrected', correctedValue: value } });
      send({ ack: { op: 'review', extractionId, path, value } });
    },
  ],
  [
    3,
    async () => {
      const value = next();
      await call('jobs:setSettings', { pageWarningLimit: value });
      send({ ack: { op: 'settings', counter: value } });
    },
  ],
  [
    2,
    async () => {
      const id = next();
      await call('datasets:addProject', { keyId: key.id, projectId: id, name: `Project ${id}` });
      send({ ack: { op: 'project', id } });
    },
  ],
  [2, trackJob],
];
const totalWeight = operations.reduce((sum, [weight]) => sum + weight, 0);

function pick(): () => Promise<void> {
  let roll = random() * totalWeight;
  for (const [weight, write] of operations) {
    roll -= weight;
    if (roll < 0) return write;
  }
  return operations[0]![1];
}

// Until the parent kills us. A failed write is a bug: it would reach the user as an error.
await Promise.all(
  Array.from({ length: STREAMS }, async () => {
    for (;;) await pick()();
  }),
);
