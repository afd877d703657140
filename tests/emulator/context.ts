import type { IncomingMessage } from 'node:http';
import type { FaultSpec } from './faults.js';
import type { KeyRegistry } from './keys.js';
import type { ParseResultBuilder } from './parseResult/parseResultBuilder.js';
import type { ObjectStore } from './storage.js';
import type { V1Store } from './v1/v1Store.js';
import type { JobStore, JobTimings } from './v2/jobStore.js';

/** What every handler can reach: the emulator's state and settings. */
export interface EmulatorContext {
  baseUrl: () => string;
  keys: KeyRegistry;
  jobs: JobStore;
  storage: ObjectStore;
  v1: V1Store;
  /** How parse results are made now; `POST /__control/markdown` swaps it, reset restores `defaultBuilder`. */
  builder: ParseResultBuilder;
  readonly defaultBuilder: ParseResultBuilder;
  timings: JobTimings;
  /** Milliseconds a read of a stored object waits before answering (`/__control/storage/delay`), so a download can be seen under way. */
  storageReadDelayMs: number;
}

/** One incoming request, read once. */
export interface RequestInfo {
  req: IncomingMessage;
  method: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
  form: FormData | null;
  /** Faults that apply to this request (see faults.ts). */
  faults: FaultSpec[];
  /** The authenticated key, set by the router before a handler runs. */
  principal: string;
}
