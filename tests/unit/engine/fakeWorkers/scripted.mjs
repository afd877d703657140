// A stand-in for the engine worker that speaks its protocol and misbehaves on cue, so the
// supervisor in main (budgets, restarts, memory ceiling) is tested against real threads.
// workerData.options.script: { [page]: 'hang' | 'oom' | 'slow' }, pages 1..options.pages.
import { parentPort, workerData } from 'node:worker_threads';

const { options, skipPages } = workerData;
const skip = new Map(skipPages);
const post = (message) => parentPort.postMessage(message);
const hold = [];
const pages = [];
for (let page = 1; page <= options.pages; page++) {
  post({ type: 'pageStart', page });
  const act = skip.has(page) ? 'skip' : options.script[page];
  if (act === 'hang') for (;;);
  if (act === 'oom') for (;;) hold.push(new Array(1e6).fill(page));
  if (act === 'slow') await new Promise((resolve) => setTimeout(resolve, 60_000));
  pages.push({ type: 'page', page, status: skip.has(page) ? 'failed' : 'ok', reason: skip.get(page) ?? '' });
  post({ type: 'progress', done: page, total: options.pages });
}
post({ type: 'result', response: { markdown: '', metadata: { failed_pages: [...skip.keys()] }, structure: { type: 'document', children: pages } } });
