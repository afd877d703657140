import { PDFDocument } from 'pdf-lib';
import { AppError } from '../../shared/errors.js';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Credential } from '../../electron/api/credential.js';
import type { RetryClock } from '../../electron/api/retry.js';
import type { FaultRequest } from '../emulator/faults.js';
import { startEmulator, type Emulator, type EmulatorOptions } from '../emulator/server.js';

export const KEYS = {
  v2: 'test-v2-key',
  v2Other: 'test-v2-other',
  analyzer: 'test-analyzer-key',
  v1: 'test-v1-key',
  pair: { key: 'test-legacy-key', secret: 'test-legacy-secret' },
};

/** Starts one emulator on 127.0.0.1:0 for the file, with short job durations; resets it after each test. */
export function useEmulator(options: EmulatorOptions = {}): { readonly emulator: Emulator } {
  const holder = {} as { emulator: Emulator };
  beforeAll(async () => {
    holder.emulator = await startEmulator({
      keys: { v2: [KEYS.v2, KEYS.v2Other], analyzer: [KEYS.analyzer], v1: [KEYS.v1], pairs: [KEYS.pair] },
      timings: { pendingMs: 20, processingMs: 40 },
      seedLegacyJobs: false,
      ...options,
    });
  });
  afterEach(async () => {
    await fetch(`${holder.emulator.url}/__control/reset`, { method: 'POST' });
  });
  afterAll(async () => {
    await holder.emulator.close();
  });
  return holder;
}

export function credential(kind: Credential['kind'], address: string, secret: string, secret2?: string): Credential {
  return { id: 'test', kind, address, secret, inferenceOrigins: [], ...(secret2 !== undefined ? { secret2 } : {}) };
}

export async function armFault(emulator: Emulator, fault: FaultRequest): Promise<void> {
  const response = await fetch(`${emulator.url}/__control/faults`, { method: 'POST', body: JSON.stringify(fault) });
  if (!response.ok) throw new Error(`arming fault failed: ${response.status}`);
}

/** Requests the emulator saw on a path (the control surface itself is not logged). */
export function requestsTo(emulator: Emulator, path: string): number {
  return emulator.requests.filter((r) => r.path === path).length;
}

export async function pdf(pages: number): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

/** A PDF whose trailer names an /Encrypt dictionary, as password-protected files do. */
export async function encryptedPdf(): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await pdf(1);
  const trailer = new TextEncoder().encode('\ntrailer\n<< /Size 9 /Root 1 0 R /Encrypt 8 0 R >>\n%%EOF\n');
  return new Uint8Array([...bytes, ...trailer]);
}

export const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0,
]);

/** An AWS-style presigned URL on the emulator's own storage route, valid for `seconds` from now. */
export function presignedStorageUrl(emulator: Emulator, name: string, seconds: number, now = Date.now()): string {
  const d = new Date(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  const amzDate = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`;
  return `${emulator.url}/__storage/${name}?X-Amz-Date=${amzDate}&X-Amz-Expires=${seconds}&X-Amz-Signature=test`;
}

/** A retry clock that records waits and returns at once (the HTTP itself stays real). */
export function recordingClock(): RetryClock & { waits: number[] } {
  const waits: number[] = [];
  let offset = 0;
  return {
    waits,
    now: () => Date.now() + offset,
    random: () => 0.5,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new Error('aborted');
      waits.push(ms);
      offset += ms;
    },
  };
}

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 15));
  }
}

/** The AppError a promise rejects with (fails the test if it resolves or throws anything else). */
export async function caught(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

/** The AppError `run` rejects with, null when it resolves (a check that counts rather than fails); anything else is thrown. */
export async function errorOf(run: () => Promise<unknown>): Promise<AppError | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}
