import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEvent } from '../../../../shared/events.js';
import type { Channel } from '../../../../shared/ipc/channels.js';
import type { SearchAnswer } from '../../../../shared/ipc/search.js';
import type { RequestIn, ResponseOf } from '../../../../shared/ipc/table.js';
import { parseLocally } from '../../../../electron/engine/localEngine.js';
import { endIdleEngineWorkers } from '../../../../electron/engine/workerPool.js';
import { createHandlers } from '../../../../electron/app/handlers.js';
import type { HandlerTable } from '../../../../electron/core/ipcDispatch.js';
import { createLogger } from '../../../../electron/core/log.js';
import { parserHost, type HostedWorker } from '../../../../electron/parserHost/parserHost.js';
import { SearchClient, type SearchSource } from '../../../../electron/search/searchClient.js';
import type { Services } from '../../../../electron/app/services.js';
import { ModelBuilder } from '../../../../electron/workspace/modelBuilder.js';
import { textPdf } from '../../../support/badFiles.js';
import { ipcCall, resultOf } from '../../../support/ipcCall.js';
import { endTestServices, testServices } from '../../../support/testServices.js';
import { recordTrustRow } from '../../../trust/trustReport.js';

// The trust check "parser isolation": untrusted files are read in the parser host, a process
// of its own without keytar or keys. A thread there cannot load keytar or see main's secrets;
// killing that process in the middle of a parse fails that run with a clear error, main goes
// on answering, and the next run starts the process again.

const repo = process.cwd();
const probeFile = fileURLToPath(new URL('./fixtures/probe.mjs', import.meta.url));
const KEYTAR_ADDON = join(repo, 'node_modules/keytar/build/Release/keytar.node');
const SECRET = `sk-probe-${randomUUID()}`;
const cases = { tried: 0, failed: 0 };

interface Probe {
  pid: number;
  env: Record<string, string>;
  requireKeytar: string;
  importKeytar: string;
  importKeytarFile: string;
  dlopenAddon: string;
}

/** Runs the probe in `worker` (a thread in the host, or one in main for the control). */
function probeIn(worker: Worker | HostedWorker): Promise<{ own: Probe; nested: Probe }> {
  return new Promise((resolve, reject) => {
    worker.once('message', (answer: { own: Probe; nested: Probe }) => {
      void worker.terminate();
      resolve(answer);
    });
    worker.once('error', reject);
    worker.postMessage({ repo, addon: KEYTAR_ADDON });
  });
}

/** How many places a search answered. */
const hits = (answer: SearchAnswer) => answer.groups.reduce((sum, group) => sum + group.hits.length, 0);

/** Counts each expectation as a case of the trust row. */
function check(what: () => void): void {
  cases.tried++;
  try {
    what();
  } catch (error) {
    cases.failed++;
    throw error;
  }
}

afterAll(() => {
  recordTrustRow({ check: 'parser isolation', cases: cases.tried, failures: cases.failed });
});

describe('the parser host', () => {
  afterEach(async () => {
    delete process.env.GROUNDWORK_PROBE_SECRET;
    delete process.env.VISION_AGENT_API_KEY;
  });

  it('the probe is not vacuous: a thread in main (where the engine ran before) loads keytar and sees main’s environment', async () => {
    process.env.GROUNDWORK_PROBE_SECRET = SECRET;
    const seen = await probeIn(new Worker(probeFile));
    check(() => expect(seen.own.requireKeytar).toBe('loaded'));
    check(() => expect(seen.own.env.GROUNDWORK_PROBE_SECRET).toBe(SECRET));
  });

  it('a thread in it, and a thread that thread starts, cannot load keytar, its file or its addon, and see none of main’s secrets', async () => {
    // Set before the host starts, as a user's exported token or a GROUNDWORK_* setting would be.
    process.env.GROUNDWORK_PROBE_SECRET = SECRET;
    process.env.VISION_AGENT_API_KEY = SECRET;
    await parserHost.stop();
    const seen = await probeIn(parserHost.spawn(probeFile, {}));
    for (const probe of [seen.own, seen.nested]) {
      check(() => expect(probe.pid).not.toBe(process.pid));
      for (const attempt of [probe.requireKeytar, probe.importKeytar, probe.importKeytarFile, probe.dlopenAddon])
        check(() => expect(attempt).toMatch(/^refused: keytar may not be loaded in the process that reads documents/));
      check(() => expect(JSON.stringify(probe.env)).not.toContain(SECRET));
      check(() => expect(Object.keys(probe.env).filter((name) => name.startsWith('GROUNDWORK_'))).toEqual([]));
    }
    // The process itself: its environment as the OS holds it, and the guard it loads first.
    const pid = parserHost.pid;
    if (pid !== null && existsSync(`/proc/${pid}/environ`)) {
      check(() => expect(readFileSync(`/proc/${pid}/environ`, 'utf8')).not.toContain(SECRET));
      check(() => expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain('parser-host-guard.mjs'));
    }
  });
});

describe('what runs in the parser host', () => {
  it('the result model builder’s and the search index’s threads are in it: they end with it, and start again in a new one', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'groundwork-parser-host-threads-'));
    try {
      const path = join(folder, 'result.json');
      await writeFile(path, JSON.stringify(await parseLocally(await textPdf(2, 'Placed'), {}, { filename: 'placed.pdf' })));
      const builder = new ModelBuilder({ idleMs: 60_000 });
      const built = await builder.build('placed', { path, kind: 'parse' }, true);
      check(() => expect(built.byteLength).toBeGreaterThan(0));
      await vi.waitFor(() => expect(builder.alive).toBe(true));
      const workers: HostedWorker[] = [];
      const source: SearchSource = {
        library: async () => [],
        resultModel: () => Promise.reject(new Error('none')),
        resultResponsePath: () => path,
      };
      const search = new SearchClient(folder, source, createLogger(null, { console: false }), {
        onWorker: (worker) => workers.push(worker),
      });
      await search.idle();
      check(() => expect(workers).toHaveLength(1));

      await parserHost.stop();
      check(() => expect(builder.alive).toBe(false));
      // The search index starts its worker again (in a new host) and answers.
      await vi.waitFor(() => expect(workers).toHaveLength(2));
      await search.idle();
      check(() => expect(parserHost.pid).not.toBeNull());
      await search.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('killing the parser host in the middle of a parse', () => {
  let folder: string;
  let services: Services;
  let handlers: HandlerTable;
  const call = <C extends Channel>(channel: C, request: RequestIn<C>): Promise<ResponseOf<C>> =>
    ipcCall(handlers, services.logger, channel, request);
  const progress: ((event: AppEvent) => void)[] = [];

  afterAll(async () => {
    await endIdleEngineWorkers();
    await endTestServices(services, folder);
  });

  it('fails that run with engine_crashed; main goes on answering, the result model and search come back, and the next run starts the process again', async () => {
    folder = await mkdtemp(join(tmpdir(), 'groundwork-parser-host-'));
    services = await testServices(folder, { emit: (event) => progress.forEach((hear) => hear(event)), quietStartMs: 0 });
    handlers = createHandlers(services);
    const bytes = new Uint8Array(await textPdf(40, 'Isolation'));
    const opened = await call('documents:import', { name: 'isolation.pdf', bytes });
    // A first run, its model and a search: the engine, the model builder and the search worker all in the host.
    const first = resultOf(await call('runs:parse', { engine: 'local', runId: randomUUID(), documentId: opened.id }));
    const model = await call('results:model', { id: first.id });
    check(() => expect(model.model.byteLength).toBeGreaterThan(0));
    await vi.waitFor(async () => expect(hits(await call('search:query', { text: 'Isolation' }))).toBe(40), { timeout: 10_000 });

    // SIGKILL, as a native crash or the OS's out-of-memory killer ends a process, at the first page read.
    const killedRun = randomUUID();
    let killed: number | null = null;
    progress.push((event) => {
      if (killed !== null || event.type !== 'progress' || event.taskId !== killedRun || event.done < 1) return;
      killed = parserHost.pid;
      if (killed !== null) process.kill(killed, 'SIGKILL');
    });
    const failure = await call('runs:parse', { engine: 'local', runId: killedRun, documentId: opened.id }).catch((error: unknown) => error);
    check(() => expect(killed).not.toBeNull());
    check(() =>
      expect(failure).toMatchObject({
        code: 'engine_crashed',
        message: expect.stringMatching(
          /^The local engine stopped while reading "isolation\.pdf" \(page \d+\): the process that reads documents stopped \(signal SIGKILL\)\.$/,
        ),
        hint: 'Run it again: the engine starts afresh. If this document stops it again, use the cloud parser.',
      }),
    );

    // Main answers as before, nothing of the failed run was stored, and the model and search
    // (their threads died with the host) answer from a new one.
    const library = await call('library:list', {});
    check(() => expect(library.map((entry) => [entry.document.name, entry.results.length])).toEqual([['isolation.pdf', 1]]));
    const rebuilt = await call('results:model', { id: first.id, rebuild: true });
    check(() => expect(rebuilt.model.byteLength).toBeGreaterThan(0));
    // A new search worker opens the index as last written and catches up; the result it may have been reading is not blamed.
    const found = await call('search:query', { text: 'Isolation' });
    check(() => expect(hits(found) === 40 || found.pending > 0).toBe(true));
    await vi.waitFor(async () => expect(hits(await call('search:query', { text: 'Isolation' }))).toBe(40), { timeout: 10_000 });
    check(() => expect(found.skipped).toBe(0));

    // The next run starts a new process and reads every page.
    const next = resultOf(await call('runs:parse', { engine: 'local', runId: randomUUID(), documentId: opened.id }));
    check(() => expect(next.pageCount).toBe(40));
    check(() => expect(parserHost.pid).not.toBe(killed));
  });
});
