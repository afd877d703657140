/**
 * The parser host's entry (bundled to dist/electron/parser-host.cjs): a process of its own,
 * without keytar or any key, where the worker threads that read untrusted bytes run (the
 * engine with its OCR and decryption, the result model's builder, the search index). Main
 * starts it (a Node child process in the preview and tests, Electron's utilityProcess in the
 * app), names each thread's file and relays the threads' messages. A crash here (a native
 * addon, an exploit, memory) ends this process, not main; main starts another for the next task.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { installKeytarGuard } from './keytarGuard.js';
import { PARSER_HOST_GUARD_FILE, type FromParserHost, type ToParserHost } from './hostProtocol.js';

installKeytarGuard();

// Every thread started here loads the guard first; threads they start inherit it.
const guard = pathToFileURL(join(__dirname, PARSER_HOST_GUARD_FILE)).href;

interface ElectronParentPort {
  on(event: 'message', listener: (event: { data: ToParserHost }) => void): void;
  postMessage(message: FromParserHost): void;
}
const electronPort = (process as unknown as { parentPort?: ElectronParentPort }).parentPort;

const send: (message: FromParserHost) => void = electronPort
  ? (message) => electronPort.postMessage(message)
  : (message) => void process.send?.(message);

const workers = new Map<number, Worker>();

function handle(request: ToParserHost): void {
  if (request.kind === 'spawn') return spawn(request.id, request.file, request.resourceLimits);
  const worker = workers.get(request.id);
  if (!worker) return;
  if (request.kind === 'terminate') void worker.terminate();
  else post(worker, request.message, request.move ? movable(request.message) : []);
}

/** A buffer that cannot move after all is copied: a failed transfer must never end the host. */
function post(worker: Worker, message: unknown, move: ArrayBuffer[]): void {
  try {
    worker.postMessage(message, move);
  } catch {
    worker.postMessage(message);
  }
}

function spawn(id: number, file: string, resourceLimits: ResourceLimits): void {
  let worker: Worker;
  try {
    worker = new Worker(file, { resourceLimits, execArgv: ['--import', guard] });
  } catch (error) {
    send({ kind: 'error', id, error: errorData(error) });
    send({ kind: 'exit', id, code: 1 });
    return;
  }
  workers.set(id, worker);
  worker.on('online', () => send({ kind: 'online', id }));
  worker.on('message', (message: unknown) => send({ kind: 'message', id, message }));
  worker.on('error', (error) => send({ kind: 'error', id, error: errorData(error) }));
  worker.on('exit', (code) => {
    workers.delete(id);
    send({ kind: 'exit', id, code });
  });
}

function errorData(error: unknown): { name: string; message: string; code?: string } {
  const { name = 'Error', message = String(error), code } = (error ?? {}) as { name?: string; message?: string; code?: unknown };
  return typeof code === 'string' ? { name, message, code } : { name, message };
}

/**
 * The buffers a message came with across the process boundary are this process's own copy:
 * the top-level ones (a task's bytes) move on into the thread instead of being copied twice.
 * Only a view that owns its whole buffer: a small one arrives as a slice of Node's shared
 * Buffer pool, which cannot be transferred (DataCloneError ended the host on a 3 KB PDF).
 */
function movable(message: unknown): ArrayBuffer[] {
  if (typeof message !== 'object' || message === null) return [];
  const buffers = new Set<ArrayBuffer>();
  for (const value of Object.values(message))
    if (
      ArrayBuffer.isView(value) &&
      value.buffer instanceof ArrayBuffer &&
      value.byteOffset === 0 &&
      value.byteLength === value.buffer.byteLength
    )
      buffers.add(value.buffer);
  return [...buffers];
}

if (electronPort) electronPort.on('message', (event) => handle(event.data));
else {
  process.on('message', (request: ToParserHost) => handle(request));
  // Main gone (quit, crash): nothing here outlives it.
  process.on('disconnect', () => process.exit(0));
}
