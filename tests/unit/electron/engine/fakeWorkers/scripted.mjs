// A stand-in for the engine worker that speaks its protocol and misbehaves on cue, so the
// supervisor in main (budgets, restarts, memory ceiling, keeping a worker for the next task)
// is tested against real threads. Each task: options.script: { [page]: 'hang' | 'oom' | 'slow' },
// pages 1..options.pages; options.exitAfter: the thread ends after answering. Its answer names the thread, so a test can tell a kept worker.
import { parentPort, threadId } from 'node:worker_threads';

const post = (message) => parentPort.postMessage(message);
const hold = [];

async function serve({ options, skipPages }) {
  const skip = new Map(skipPages);
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
  post({
    type: 'result',
    response: {
      markdown: '',
      metadata: { failed_pages: [...skip.keys()], thread: threadId },
      structure: { type: 'document', children: pages },
    },
  });
  // A thread that dies while it waits for its next task.
  if (options.exitAfter) setTimeout(() => process.exit(0), 20);
}

parentPort.on('message', (task) => void serve(task));
