/**
 * The search worker: the workspace's search index (SearchIndex) off main's event loop. Reading
 * and parsing its file (tens of MB for 5,000 documents), building it, keeping it up to date and
 * querying it all run here; main sends the results the workspace lists and the queries, and
 * answers this worker's reads of a result's model through the workspace. A response (up to
 * 50 MB of JSON) is read and parsed here, from the file main names.
 */
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { AppError } from '../../shared/errors.js';
import { SearchIndex } from './searchIndex.js';
import type { FromSearchWorker, ToSearchWorker, WorkerAnswer } from './searchProtocol.js';
import type { UnitSource } from './searchUnits.js';

const port = parentPort;
if (!port) throw new Error('the search worker runs only as a worker thread');

const post = (message: FromSearchWorker) => port.postMessage(message);

/** Reads asked of main, by id. */
const reads = new Map<number, { resolve(value: Uint8Array | string): void; reject(error: Error): void }>();
let nextRead = 1;

function read(what: 'model' | 'responsePath', resultId: string): Promise<Uint8Array | string> {
  const id = nextRead++;
  return new Promise((resolve, reject) => {
    reads.set(id, { resolve, reject });
    post({ type: 'read', id, what, resultId });
  });
}

const source: UnitSource = {
  resultModel: async (id) => ({ model: (await read('model', id)) as Uint8Array }),
  response: async (id) => JSON.parse(await readFile((await read('responsePath', id)) as string, 'utf8')) as unknown,
};

const log = {
  info: (message: string, fields?: Record<string, unknown>) => post({ type: 'log', level: 'info', message, ...(fields ? { fields } : {}) }),
  warn: (message: string, fields?: Record<string, unknown>) => post({ type: 'log', level: 'warn', message, ...(fields ? { fields } : {}) }),
};

let engine: SearchIndex | null = null;

function opened(): SearchIndex {
  if (!engine) {
    throw new AppError({
      code: 'search_failed',
      message: 'The search worker was asked before its index was opened.',
      hint: 'Search again; the search index is being opened.',
    });
  }
  return engine;
}

async function answer(id: number, work: () => Promise<WorkerAnswer>): Promise<void> {
  try {
    post({ type: 'answer', id, ok: true, value: await work() });
  } catch (error) {
    const data =
      error instanceof AppError
        ? error.toData()
        : {
            code: 'search_failed',
            message: `The search failed: ${error instanceof Error ? error.message : String(error)}`,
            hint: 'Search again; if it keeps failing, the log says why.',
          };
    post({ type: 'answer', id, ok: false, error: data });
  }
}

port.on('message', (message: ToSearchWorker) => {
  switch (message.type) {
    case 'open':
      engine ??= new SearchIndex(message.path, source, log, {
        saveDelayMs: message.saveDelayMs,
        progressSaveMs: message.progressSaveMs,
        skip: message.skip,
        events: {
          indexing: (result) => post({ type: 'indexing', resultId: result?.id ?? null, createdAt: result?.createdAt ?? null }),
          synced: () => post({ type: 'synced' }),
        },
      });
      void answer(message.id, async () => {
        await opened().start();
        return { kind: 'opened', size: opened().size };
      });
      return;
    case 'library':
      opened().changeListed(message);
      return;
    case 'query':
      void answer(message.id, async () => ({ kind: 'query', ...(await opened().query(message.text, message.limit)), size: opened().size }));
      return;
    case 'idle':
      void answer(message.id, async () => {
        await opened().idle();
        return { kind: 'idle', size: opened().size };
      });
      return;
    case 'close':
      void answer(message.id, async () => {
        await opened().close(message.withinMs);
        return { kind: 'closed' };
      });
      return;
    case 'read': {
      const waiting = reads.get(message.id);
      reads.delete(message.id);
      if (message.ok) waiting?.resolve(message.value);
      else waiting?.reject(new Error(message.error));
      return;
    }
  }
});
