import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Emulator } from '../emulator/server.js';

export async function smallPdf(title: string, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Creates a parse job straight on the emulator (as another machine would). */
export async function createJobOnService(emulator: Emulator, key: string, title: string): Promise<string> {
  const form = new FormData();
  form.set('document', new Blob([new Uint8Array(await smallPdf(title))]), `${title}.pdf`);
  const response = await fetch(`${emulator.url}/v2/parse/jobs`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${key}` } });
  if (response.status !== 202) throw new Error(`create answered ${response.status}`);
  return ((await response.json()) as { job_id: string }).job_id;
}

export async function jsonFiles(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json') && !f.startsWith('.'));
}

export async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

export function workspaceDir(dataDir: string, ...parts: string[]): string {
  return join(dataDir, 'workspace', ...parts);
}
