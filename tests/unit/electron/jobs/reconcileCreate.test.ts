import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batchRecordsIn, queuedItem } from '../../../../electron/jobs/batchRecords.js';
import { createIntentsIn, openIntent, type CreateIntents } from '../../../../electron/jobs/createIntents.js';
import { createLogger } from '../../../../electron/core/log.js';
import { armFault, KEYS, PNG, recordingClock, useEmulator } from '../../../support/emulatorHarness.js';
import { localJobs } from '../../../../electron/jobs/jobList.js';
import { jobRecordsIn } from '../../../../electron/jobs/jobRecords.js';
import { trackJobs } from '../../../../electron/jobs/jobTracking.js';
import { reconcileCreate } from '../../../../electron/jobs/reconcileCreate.js';
import type { V2Client } from '../../../../electron/api/v2Client.js';
import { jobsWorld, numberedPdf, type JobsWorld } from '../../../support/jobsHarness.js';
import { jobRecord } from '../../../support/jobRecord.js';

// The app died after a job create left and before its 202 was recorded: only its intent is on disk.
const env = useEmulator({ timings: { pendingMs: 10, processingMs: 20 } });
const logger = createLogger(null, { console: false });

let world: JobsWorld;
let intents: CreateIntents;
beforeEach(async () => {
  world = await jobsWorld(env.emulator.url, KEYS.v2);
  intents = createIntentsIn(world.workspace.root, logger);
});
afterEach(() => world.close());

/** What reached the service before the crash: a parse job for this file, made with our key. */
async function createOnService(filename: string, bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set('document', new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  const response = await fetch(`${env.emulator.url}/v2/parse/jobs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEYS.v2}` },
    body: form,
  });
  expect(response.status).toBe(202);
  return ((await response.json()) as { job_id: string }).job_id;
}

async function documentAndIntent(name: string, index: number, batch?: { batchId: string; itemId: string }) {
  const bytes = await numberedPdf(index);
  const document = await world.workspace.addDocument(name, bytes);
  const intent = await openIntent(
    intents,
    { request: { service: 'parse', documentId: document.id, keyId: 'k' }, keyId: 'k', documentName: name, ...(batch ? { batch } : {}) },
    Date.now(),
  );
  return { bytes, document, intent };
}

const parseJobs = () => env.emulator.ctx.jobs.all().filter((j) => j.service === 'parse');

describe('a job create the app did not see answered', () => {
  it('is adopted from the job list when the service made the job but its answer was lost, not sent twice', async () => {
    const document = await world.workspace.addDocument('lost-answer.pdf', await numberedPdf(6));
    await armFault(env.emulator, { fault: { kind: 'drop', afterWork: true }, match: { method: 'POST', path: '/v2/parse/jobs' } });
    await world.jobs.start();
    const record = await world.jobs.creator.submit({ service: 'parse', documentId: document.id });

    expect(
      env.emulator.requests.filter((r) => r.method === 'POST' && r.path === '/v2/parse/jobs').map((r) => [r.status, r.answerLost]),
    ).toEqual([['dropped', true]]);
    expect(parseJobs().map((j) => j.jobId)).toEqual([record.jobId]);
    expect(await world.jobs.poller.whenSettled(record.jobId)).toMatchObject({ status: 'completed', documentId: document.id });
    expect(await intents.list()).toEqual([]);
  });

  it('is adopted from the job list when the service answered the create with a 202 the app cannot read, not sent twice', async () => {
    const document = await world.workspace.addDocument('odd-answer.pdf', await numberedPdf(3));
    // The job is made, then its 202 replaced by JSON without a job id.
    await armFault(env.emulator, {
      fault: { kind: 'body', status: 202, body: { accepted: true } },
      match: { method: 'POST', path: '/v2/parse/jobs' },
    });
    await world.jobs.start();
    const record = await world.jobs.creator.submit({ service: 'parse', documentId: document.id });

    expect(env.emulator.requests.filter((r) => r.method === 'POST' && r.path === '/v2/parse/jobs')).toHaveLength(1);
    expect(parseJobs().map((j) => j.jobId)).toEqual([record.jobId]);
    expect(await world.jobs.poller.whenSettled(record.jobId)).toMatchObject({ status: 'completed', documentId: document.id });
    expect(await intents.list()).toEqual([]);
  });

  it('is matched by the name it went up as: "scan" holding a PNG is uploaded as "scan.png", and not sent twice', async () => {
    const document = await world.workspace.addDocument('scan', PNG);
    await armFault(env.emulator, { fault: { kind: 'drop', afterWork: true }, match: { method: 'POST', path: '/v2/parse/jobs' } });
    await world.jobs.start();
    const record = await world.jobs.creator.submit({ service: 'parse', documentId: document.id });

    expect(parseJobs().map((j) => j.jobId)).toEqual([record.jobId]);
    expect(await intents.list()).toEqual([]);
  });

  it('is matched, for a document sent by its web address, by the last segment of that address (decoded), not sent twice', async () => {
    const url = `${env.emulator.url}/__storage/Q3%20report.pdf`;
    const bytes = await numberedPdf(17);
    const hosted = await fetch(url, {
      method: 'PUT',
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': 'application/pdf' },
    });
    expect(hosted.ok).toBe(true);
    const added = await world.workspace.addDocument('statement', bytes);
    const document = await world.workspace.setDocumentSource(added.id, url);
    await armFault(env.emulator, { fault: { kind: 'drop', afterWork: true }, match: { method: 'POST', path: '/v2/parse/jobs' } });
    await world.jobs.start();
    const record = await world.jobs.creator.submit({ service: 'parse', documentId: document.id, byUrl: true });

    expect(parseJobs().map((j) => j.jobId)).toEqual([record.jobId]);
    expect(await world.jobs.poller.whenSettled(record.jobId)).toMatchObject({ status: 'completed', documentId: document.id });
  });

  it('is sent again when the connection dropped before the service made anything', async () => {
    const document = await world.workspace.addDocument('reset.pdf', await numberedPdf(7));
    await armFault(env.emulator, { fault: { kind: 'drop' }, match: { method: 'POST', path: '/v2/parse/jobs' } });
    await world.jobs.start();
    const record = await world.jobs.creator.submit({ service: 'parse', documentId: document.id });

    expect(env.emulator.requests.filter((r) => r.method === 'POST' && r.path === '/v2/parse/jobs').map((r) => r.status)).toEqual([
      'dropped',
      202,
    ]);
    expect(parseJobs().map((j) => j.jobId)).toEqual([record.jobId]);
  });

  it("does not take a sibling's job, made for the same document, whose answer is still on its way", async () => {
    const document = await world.workspace.addDocument('twice.pdf', await numberedPdf(8));
    await world.jobs.start();
    // The sibling's job is made at once, its answer comes 1.5 s later.
    await armFault(env.emulator, {
      fault: { kind: 'latency', ms: 1_500, afterWork: true },
      match: { method: 'POST', path: '/v2/parse/jobs' },
    });
    const sibling = world.jobs.creator.submit({ service: 'parse', documentId: document.id });
    await expect.poll(() => parseJobs().length).toBe(1);
    // This create's connection drops before the service makes anything: the list shows the sibling's job, unknown still.
    await armFault(env.emulator, { fault: { kind: 'drop' }, match: { method: 'POST', path: '/v2/parse/jobs' } });
    const record = await world.jobs.creator.submit({ service: 'parse', documentId: document.id });

    const siblingRecord = await sibling;
    expect(record.jobId).not.toBe(siblingRecord.jobId);
    expect(new Set(parseJobs().map((j) => j.jobId))).toEqual(new Set([record.jobId, siblingRecord.jobId]));
    expect((await world.jobs.records.list()).map((r) => r.jobId).sort()).toEqual([record.jobId, siblingRecord.jobId].sort());
  });

  it('two creates of one document in flight together, both answers lost: each adopts its own job, none is left unsure', async () => {
    // Both jobs name the same file, so they can be told apart only if the two creates never reconcile together.
    const document = await world.workspace.addDocument('both.pdf', await numberedPdf(15));
    await world.jobs.start();
    await armFault(env.emulator, { fault: { kind: 'drop', afterWork: true }, match: { method: 'POST', path: '/v2/parse/jobs' }, times: 2 });
    const request = { service: 'parse', documentId: document.id } as const;
    const records = await Promise.all([world.jobs.creator.submit(request), world.jobs.creator.submit(request)]);

    expect(new Set(records.map((r) => r.jobId)).size).toBe(2);
    expect(
      parseJobs()
        .map((j) => j.jobId)
        .sort(),
    ).toEqual(records.map((r) => r.jobId).sort());
    expect(await intents.list()).toEqual([]);
  });

  it("a sibling's job recorded while the job list is read is still known (not taken as this create's)", async () => {
    const document = await world.workspace.addDocument('race.pdf', await numberedPdf(16));
    const records = jobRecordsIn(world.workspace.root, logger);
    // The sibling's record write waits until this create's reconciliation has read the records folder.
    let releaseWrite!: () => void;
    const writeHeld = new Promise<void>((resolve) => (releaseWrite = resolve));
    let siblingDone: Promise<unknown> = Promise.resolve();
    const write = records.write.bind(records);
    records.write = async (id, record) => {
      await writeHeld;
      return write(id, record);
    };
    const list = records.list.bind(records);
    records.list = async () => {
      const listed = await list();
      releaseWrite();
      await siblingDone; // the sibling's record is on disk and its claim dropped before the listing is used
      return listed;
    };
    const keys = {
      credentialFor: async () => ({ id: 'k1', kind: 'v2' as const, address: env.emulator.url, secret: KEYS.v2, inferenceOrigins: [] }),
    };
    const tracker = trackJobs({ workspace: world.workspace, keys, records, intents, logger, emit: () => undefined });

    const sibling = tracker.creator.submit({ service: 'parse', documentId: document.id });
    siblingDone = sibling;
    await expect.poll(() => parseJobs().length).toBe(1);
    await armFault(env.emulator, { fault: { kind: 'drop' }, match: { method: 'POST', path: '/v2/parse/jobs' } });
    const record = await tracker.creator.submit({ service: 'parse', documentId: document.id });

    expect(record.jobId).not.toBe((await sibling).jobId);
    expect(parseJobs()).toHaveLength(2);
    tracker.stop();
  });

  it('is found on the service by its document after a restart, recorded, followed and stored once', async () => {
    const { bytes, document, intent } = await documentAndIntent('invoice.pdf', 1);
    const jobId = await createOnService('invoice.pdf', bytes);
    await createOnService('someone-else.pdf', await numberedPdf(2)); // another client's job in the same minutes

    const jobs = await world.restart();
    const settled = await jobs.poller.whenSettled(jobId);
    expect(settled).toMatchObject({
      jobId,
      documentId: document.id,
      intentId: intent.intentId,
      status: 'completed',
      resultId: `job-${jobId}`,
    });
    expect(await intents.list()).toEqual([]);
    expect((await jobs.records.list()).map((r) => r.jobId)).toEqual([jobId]);
  });

  it('an intent written before the sent name was kept is matched by the name the upload would have had', async () => {
    const document = await world.workspace.addDocument('receipt', PNG);
    // As an older version wrote it: the workspace name only.
    const intent = await openIntent(
      intents,
      { request: { service: 'parse', documentId: document.id, keyId: 'k' }, keyId: 'k', documentName: 'receipt' },
      Date.now(),
    );
    const jobId = await createOnService('receipt.png', PNG);

    const jobs = await world.restart();
    expect(await jobs.poller.whenSettled(jobId)).toMatchObject({ jobId, documentId: document.id, intentId: intent.intentId });
    expect(await intents.list()).toEqual([]);
    expect(parseJobs()).toHaveLength(1);
  });

  it('is forgotten when the service has no job for it, and its batch document is sent (once) instead of being left unsure', async () => {
    const items = [];
    for (const index of [3, 4]) {
      const { document } = await documentAndIntent(`b-${index}.pdf`, index, { batchId: 'batch-1', itemId: `item-${index}` });
      items.push({ ...queuedItem(document.id, document.name, 1, `item-${index}`), state: 'submitting' as const, attempts: 1 });
    }
    const now = new Date().toISOString();
    await batchRecordsIn(world.workspace.root, logger).write('batch-1', {
      batchId: 'batch-1',
      createdAt: now,
      name: 'two',
      request: {},
      concurrency: 2,
      paused: false,
      items,
      updatedAt: now,
    });

    const jobs = await world.restart();
    const done = await jobs.batches.whenIdle('batch-1');
    expect(done.items.map((i) => i.state)).toEqual(['done', 'done']);
    expect(await intents.list()).toEqual([]);
    expect(parseJobs()).toHaveLength(2);
  });

  it('stays unsure, naming the candidate jobs, when the service has more than one job that could be it', async () => {
    const { bytes, intent } = await documentAndIntent('scan.pdf', 5);
    const first = await createOnService('scan.pdf', bytes);
    const second = await createOnService('scan.pdf', bytes);

    const jobs = await world.restart();
    const [kept] = await intents.list();
    expect(kept).toMatchObject({ intentId: intent.intentId });
    expect(new Set(kept!.candidates)).toEqual(new Set([first, second]));
    expect(await jobs.records.list()).toEqual([]);
  });

  it('is listed as unsure with its candidates (batch creates apart), and the user settles it: dismiss, or send again exactly once', async () => {
    const { bytes, intent } = await documentAndIntent('scan.pdf', 9);
    const candidates = [await createOnService('scan.pdf', bytes), await createOnService('scan.pdf', bytes)];

    const jobs = await world.restart();
    const local = await localJobs(jobs.records, jobs.creator);
    expect(local.unsure.map((u) => [u.intentId, u.documentName, new Set(u.candidates)])).toEqual([
      [intent.intentId, 'scan.pdf', new Set(candidates)],
    ]);

    // "Check again" asks the list again: still two candidates, still unsure.
    expect(await jobs.creator.settleUnsure(intent.intentId, 'check')).toEqual({ outcome: 'still_unsure', job: null });
    expect((await localJobs(jobs.records, jobs.creator)).unsure).toHaveLength(1);

    // "No job: send again": one new job, recorded and followed; the intent is gone.
    // A double click: the second is refused while the first is sending, so one job is made.
    const [settled, second] = await Promise.allSettled([
      jobs.creator.settleUnsure(intent.intentId, 'resend'),
      jobs.creator.settleUnsure(intent.intentId, 'resend'),
    ]);
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'create_not_unsure' } });
    expect(settled).toMatchObject({ status: 'fulfilled', value: { outcome: 'sent' } });
    const resent = settled.status === 'fulfilled' ? settled.value.job : null;
    expect(resent).toMatchObject({ documentName: 'scan.pdf', status: expect.any(String) });
    expect(parseJobs().map((j) => j.jobId)).toEqual([...candidates, resent!.jobId]);
    const after = await localJobs(jobs.records, jobs.creator);
    expect(after.unsure).toEqual([]);
    expect(after.rows.map((r) => r.jobId)).toEqual([resent!.jobId]);
    await expect(jobs.creator.settleUnsure(intent.intentId, 'resend')).rejects.toMatchObject({ code: 'create_not_unsure' });
    expect(parseJobs()).toHaveLength(3);
  });

  it('a dismissed unsure create is forgotten without sending anything', async () => {
    const { bytes, intent } = await documentAndIntent('dup.pdf', 11);
    await createOnService('dup.pdf', bytes);
    await createOnService('dup.pdf', bytes);
    const jobs = await world.restart();
    expect(await jobs.creator.settleUnsure(intent.intentId, 'forget')).toEqual({ outcome: 'forgotten', job: null });
    expect(await intents.list()).toEqual([]);
    expect(parseJobs()).toHaveLength(2);
  });

  it('"check again" adopts the job once the service can tell (here: the other candidate was the user\'s own, recorded since)', async () => {
    const { bytes, intent } = await documentAndIntent('late.pdf', 12);
    const mine = await createOnService('late.pdf', bytes);
    const other = await createOnService('late.pdf', bytes);
    const jobs = await world.restart();
    expect((await localJobs(jobs.records, jobs.creator)).unsure).toHaveLength(1);
    // The other candidate turns out to be a job this workspace knows (e.g. adopted from another intent).
    await jobs.records.write(
      other,
      jobRecord(other, {
        documentId: intent.request.documentId,
        documentName: 'late.pdf',
        request: intent.request,
        status: 'completed',
        completedAt: new Date().toISOString(),
      }),
    );
    const adopted = await jobs.creator.settleUnsure(intent.intentId, 'check');
    expect(adopted).toMatchObject({ outcome: 'found', job: { jobId: mine, intentId: intent.intentId } });
    expect(await intents.list()).toEqual([]);
    expect(parseJobs()).toHaveLength(2);
  });

  it('a batch of one slot settles a dropped create while a sibling of the same name waits for that slot (no deadlock)', async () => {
    const ids = [];
    for (const index of [13, 14]) ids.push((await world.workspace.addDocument('same-name.pdf', await numberedPdf(index))).id);
    await world.jobs.start();
    await world.settings.update((s) => ({
      next: { ...s, jobs: { jobAbovePages: 20, jobAboveMb: 20, batchConcurrency: 1, pageWarningLimit: 1000 } },
      result: null,
    }));
    // The first create is made but its answer is lost: reconciling it must wait for the sibling's send, which needs the slot.
    await armFault(env.emulator, { fault: { kind: 'drop', afterWork: true }, match: { method: 'POST', path: '/v2/parse/jobs' } });
    const { batchId } = await world.jobs.batches.create(ids, {});
    let timer: NodeJS.Timeout | undefined;
    const done = await Promise.race([
      world.jobs.batches.whenIdle(batchId),
      new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 20_000))),
    ]);
    clearTimeout(timer);
    expect(done?.items.map((i) => i.state)).toEqual(['done', 'done']);
    expect(parseJobs()).toHaveLength(2);
  });
});

describe('a candidate job whose result names no document', () => {
  it('is unidentified, not a crash: the SDK types metadata.filename as nullable, so the create stays unsure', async () => {
    const jobId = 'parse-01jabcdefghjkmnpqrstvwxyz0';
    const client = {
      listParseJobs: async () => ({
        jobs: [{ job_id: jobId, status: 'completed', created_at: new Date().toISOString() }],
        page: 0,
        page_size: 100,
        has_more: false,
      }),
      getParseJob: async () => ({ status: 'completed', result: { metadata: { filename: null } } }),
    } as unknown as V2Client;
    const intent = {
      intentId: 'i',
      request: { service: 'parse' as const, documentId: 'd' },
      keyId: 'k',
      documentName: 'scan',
      sentName: 'scan.png',
      writtenAt: new Date().toISOString(),
    };
    expect(await reconcileCreate(client, intent, { isKnown: () => false, clock: recordingClock() })).toEqual({
      kind: 'ambiguous',
      candidates: [jobId],
    });
  });
});
