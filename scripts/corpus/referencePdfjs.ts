import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What pdf.js on its own, as any Node user runs it (legacy build, default options), makes of a file. */
export type ReferenceOutcome = { opens: true; pages: number } | { opens: false; error: string };

const PDFJS_URL = pathToFileURL(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;

// One worker per file: a file that hangs pdf.js or exhausts its heap ends that worker only.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.pdfjs).then(async (pdfjs) => {
  const task = pdfjs.getDocument({ data: workerData.bytes, verbosity: 0 });
  try {
    const pdf = await task.promise;
    parentPort.postMessage({ opens: true, pages: pdf.numPages });
  } catch (error) {
    parentPort.postMessage({ opens: false, error: (error && error.name ? error.name + ': ' : '') + (error && error.message ? error.message : String(error)) });
  } finally {
    await task.destroy().catch(() => {});
  }
});
`;

/** Opens the bytes with bare pdf.js in a worker of its own; a hang or a crash counts as "does not open". */
export function openWithPdfjs(bytes: Uint8Array, timeoutMs: number): Promise<ReferenceOutcome> {
  const worker = new Worker(SOURCE, {
    eval: true,
    workerData: { pdfjs: PDFJS_URL, bytes: bytes.slice() },
    resourceLimits: { maxOldGenerationSizeMb: 1536 },
    stdout: true,
    stderr: true,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new Promise<ReferenceOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ opens: false, error: `pdf.js took over ${timeoutMs / 1000} s` }), timeoutMs);
    worker.once('message', (outcome: ReferenceOutcome) => resolve(outcome));
    worker.once('error', (error) => resolve({ opens: false, error: `pdf.js crashed: ${error.message}` }));
    worker.once('exit', (code) => resolve({ opens: false, error: `pdf.js exited (${code})` }));
  }).finally(() => {
    clearTimeout(timer);
    void worker.terminate();
  });
}
