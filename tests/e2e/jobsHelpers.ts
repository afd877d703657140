import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { Page } from '@playwright/test';
import type { Emulator } from '../emulator/server.js';
import { expect, addEmulatorV2Key } from './fixtures.js';

export async function smallPdf(title: string, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]);
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * From the first-run screen: adds the emulator's v2 key, opens a small PDF of `pages` pages
 * and sets the cloud parser to run it as a job; the test presses Run.
 */
export async function openForParseJob(page: Page, emulator: Emulator, name: string, pages: number): Promise<void> {
  await addEmulatorV2Key(page, emulator);
  await page
    .getByTestId('open-file')
    .setInputFiles({ name: `${name}.pdf`, mimeType: 'application/pdf', buffer: await smallPdf(name, pages) });
  await expect(page.getByTestId('page-count')).toHaveText(`of ${pages}`);
  await page.getByTestId('engine').selectOption('parse');
  await page.getByTestId('engine-options-toggle').click();
  await page.getByTestId('parse-mode').selectOption('job');
}

/** Creates a parse job straight on the emulator (as another machine would). */
export async function createJobOnService(emulator: Emulator, key: string, title: string): Promise<string> {
  const form = new FormData();
  form.set('document', new Blob([new Uint8Array(await smallPdf(title))]), `${title}.pdf`);
  const response = await fetch(`${emulator.url}/v2/parse/jobs`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${key}` },
  });
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
