/**
 * The workspace of `npm run bench:library` and `bench:search`: 5,000 documents (small real PNGs,
 * one in 25 a real PDF) and 20,000 results saying what responses.ts says, written through the
 * app's own Workspace (so every folder, info file, result file and model is exactly what the app
 * writes), with the search index the app builds over them. Made once into bench/.cache/workspace/
 * and reused; each measurement works on a copy.
 */
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { createLogger } from '../../electron/core/log.js';
import { SearchClient } from '../../electron/search/searchClient.js';
import { CATALOG_FILE } from '../../electron/workspace/layout.js';
import { Workspace } from '../../electron/workspace/workspace.js';
import { rgbPng } from '../../tests/support/png.js';
import { analyzerResponse, extractResponse, parseResponse } from './responses.js';

export const DOCUMENTS = Number(process.env.BENCH_LIBRARY_DOCUMENTS ?? 5000);
export const RESULTS_PER_DOCUMENT = 4;

const WORDS = ['invoice', 'contract', 'résumé', 'statement', 'receipt', 'lease', 'report', 'offer', 'Übersicht', 'policy'];

export function documentName(i: number): string {
  return `${WORDS[i % WORDS.length]}-${String(i).padStart(5, '0')}.${i % 25 === 0 ? 'pdf' : 'png'}`;
}

async function documentBytes(i: number): Promise<Uint8Array> {
  if (i % 25 !== 0) {
    // Distinct content, distinct id: the width says which image this is.
    return rgbPng(8 + (i % 997), 4 + Math.floor(i / 997));
  }
  const pdf = await PDFDocument.create();
  pdf.setTitle(documentName(i));
  pdf.setCreationDate(new Date(Date.UTC(2024, 0, 1)));
  pdf.setModificationDate(new Date(Date.UTC(2024, 0, 1)));
  for (let p = 0; p < 1 + (i % 3); p++) pdf.addPage([200, 200]);
  return pdf.save();
}

/** The data folder of the generated workspace, generated first if needed (under `bench/.cache/workspace/`). */
export async function generatedLibrary(): Promise<string> {
  const cache = join(process.cwd(), 'bench', '.cache', 'workspace');
  const dataDir = join(cache, `data-${DOCUMENTS}`);
  const DONE = join(cache, `done-${DOCUMENTS}`);
  if (existsSync(DONE)) return dataDir;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const logger = createLogger(null, { console: false });
  const workspace = new Workspace(dataDir, logger);
  const started = Date.now();
  const BATCH = 25;
  for (let start = 0; start < DOCUMENTS; start += BATCH) {
    await Promise.all(
      Array.from({ length: Math.min(BATCH, DOCUMENTS - start) }, async (_, k) => {
        const i = start + k;
        const document = await workspace.addDocument(documentName(i), await documentBytes(i));
        const base = {
          documentId: document.id,
          modelVersion: 'dpt-2-20251103',
          pageCount: document.pageCount,
          credits: 1,
          partial: false,
          response: parseResponse(i),
        };
        const parse = await workspace.saveResult({ ...base, kind: 'parse', engine: 'parse' });
        await workspace.saveResult({ ...base, kind: 'parse', engine: 'local', modelVersion: 'groundwork-local', credits: 0 });
        await workspace.saveResult({ ...base, kind: 'extract', engine: 'extract', sourceResultId: parse.id, response: extractResponse(i) });
        await workspace.saveResult({ ...base, kind: 'analyzer', engine: 'analyzer', response: analyzerResponse(i) });
      }),
    );
    if ((start / BATCH) % 20 === 0)
      console.log(`generated ${start + BATCH}/${DOCUMENTS} documents (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
  // Result models being built in the background are written before the folder is declared done.
  await workspace.close(120_000);
  // The search index as the app leaves it once it has caught up (its worker: `npm run build:main` first).
  const search = new SearchClient(workspace.root, workspace, logger);
  await search.idle();
  await search.close(60_000);
  console.log(`search index built (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  // The app's own catalog (if any) is left out: each measurement decides whether one is there.
  rmSync(join(dataDir, 'workspace', CATALOG_FILE), { force: true });
  writeFileSync(DONE, new Date().toISOString());
  return dataDir;
}

/** A private copy of the generated data folder, so a run's writes never reach the cache. */
export function copyOfLibrary(source: string, target: string): void {
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, { recursive: true });
}
