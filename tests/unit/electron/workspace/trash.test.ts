import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/log.js';
import { Reviews } from '../../../../electron/review/reviews.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import type { WorkspaceChange } from '../../../../shared/library.js';
import type { ResultInfo } from '../../../../shared/result.js';
import { rgbPng } from '../../../support/png.js';
import { removeWorkspaceDir } from '../../../support/workspaceDir.js';

const logger = createLogger(null, { console: false });
const DAY = 24 * 60 * 60 * 1000;
let dir: string;
let root: string;
let changes: WorkspaceChange[];
let workspace: Workspace;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-trash-'));
  root = join(dir, 'workspace');
  changes = [];
  workspace = new Workspace(dir, logger, (change) => changes.push(change));
});
afterEach(() => removeWorkspaceDir(dir, workspace));

async function pdfBytes(pages: number, title = 'doc'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  for (let i = 0; i < pages; i++) pdf.addPage();
  return pdf.save();
}

function parse(documentId: string) {
  return workspace.saveResult({
    documentId,
    kind: 'parse',
    engine: 'local',
    modelVersion: 'v',
    pageCount: 1,
    credits: 0,
    partial: false,
    response: { markdown: 'x' },
  });
}

function extract(documentId: string, sourceResultId: string) {
  return workspace.saveResult({
    documentId,
    kind: 'extract',
    engine: 'local',
    modelVersion: 'v',
    pageCount: null,
    credits: 0,
    partial: false,
    sourceResultId,
    response: { extraction: { total: '12' } },
  });
}

/** Every file under the workspace (trash aside), with its content: what "nothing else touched" compares. */
async function snapshot(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const visit = async (path: string, rel: string) => {
    for (const entry of await readdir(path, { withFileTypes: true })) {
      if (rel === '' && entry.name === 'trash') continue;
      if (entry.isDirectory()) await visit(join(path, entry.name), `${rel}${entry.name}/`);
      else files[`${rel}${entry.name}`] = (await readFile(join(path, entry.name))).toString('base64');
    }
  };
  await visit(root, '');
  return files;
}

async function documentWithHistory() {
  const report = await workspace.addDocument('report.pdf', await pdfBytes(3, 'report'));
  const other = await workspace.addDocument('other.pdf', await pdfBytes(1, 'other'));
  const first = await parse(report.id);
  const second = await parse(report.id);
  const extraction = await extract(report.id, second.id);
  const otherResult = await parse(other.id);
  await new Reviews(workspace).decide(extraction.id, 'total', { status: 'accepted' });
  return { report, other, first, second, extraction, otherResult };
}

describe('the workspace trash', () => {
  it('stores a document with its page count (1 for an image)', async () => {
    expect((await workspace.addDocument('a.pdf', await pdfBytes(3))).pageCount).toBe(3);
    expect((await workspace.addDocument('a.png', rgbPng(4, 4))).pageCount).toBe(1);
  });

  it('counts the pages of a document stored by an older version once, and writes them back', async () => {
    const doc = await workspace.addDocument('old.pdf', await pdfBytes(2));
    const file = join(root, 'documents', doc.id, 'document.json');
    const { pageCount: _dropped, ...old } = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify(old));
    const fresh = new Workspace(dir, logger);
    expect((await fresh.library())[0]?.document.pageCount).toBe(2);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pageCount: 2 });
  });

  it('moves a document, all its results and their reviews to the trash, and nothing else', async () => {
    const { report, other, extraction } = await documentWithHistory();
    const before = await snapshot();
    changes = [];
    const entry = await workspace.moveToTrash({ documentId: report.id });

    expect(entry).toMatchObject({ what: 'document', document: { name: 'report.pdf', pageCount: 3 } });
    expect(entry.results).toHaveLength(3);
    expect((await workspace.library()).map((e) => e.document.id)).toEqual([other.id]);
    await expect(workspace.documentBytes(report.id)).rejects.toMatchObject({ code: 'document_not_found' });
    await expect(workspace.result(extraction.id)).rejects.toMatchObject({ code: 'result_not_found' });
    expect(await workspace.listTrash()).toEqual([entry]);
    expect(changes).toEqual([{ change: 'trash', documentId: report.id }]);

    const after = await snapshot();
    const gone = Object.keys(before).filter((path) => !(path in after));
    expect(gone.sort()).toEqual(
      [
        `documents/${report.id}/document.json`,
        `documents/${report.id}/original`,
        `reviews/${extraction.id}.json`,
        ...entry.results.flatMap((r) => [`results/${r.id}.json`, `results/${r.id}.info.json`]),
      ].sort(),
    );
    for (const [path, content] of Object.entries(after)) expect(before[path]).toBe(content);

    // Restored, everything is back byte for byte and the trash is empty.
    await workspace.restore(entry.id);
    expect(await snapshot()).toEqual(before);
    expect(await workspace.listTrash()).toEqual([]);
    expect(await readdir(join(root, 'trash'))).toEqual([]);
  });

  it('moves a parse result with the extractions made from it; the earlier result and the document stay', async () => {
    const { report, first, second, extraction } = await documentWithHistory();
    const entry = await workspace.moveToTrash({ resultId: second.id });
    expect(entry.what).toBe('result');
    expect(entry.results.map((r: ResultInfo) => r.id).sort()).toEqual([second.id, extraction.id].sort());
    const library = await workspace.library();
    expect(library.find((e) => e.document.id === report.id)?.results.map((r) => r.id)).toEqual([first.id]);

    await workspace.restore(entry.id);
    expect((await new Reviews(workspace).get(extraction.id)).fields.total?.status).toBe('accepted');
    expect((await workspace.library()).find((e) => e.document.id === report.id)?.results).toHaveLength(3);
  });

  it('restores a result only while its document is in the workspace, saying so', async () => {
    const { report, second } = await documentWithHistory();
    const resultEntry = await workspace.trashResult(second.id);
    const documentEntry = await workspace.trashDocument(report.id);
    await expect(workspace.restore(resultEntry.id)).rejects.toMatchObject({
      code: 'document_not_in_workspace',
      message: expect.stringContaining('report.pdf'),
    });
    expect(await workspace.listTrash()).toHaveLength(2);
    await workspace.restore(documentEntry.id);
    await workspace.restore(resultEntry.id);
    expect((await workspace.library()).find((e) => e.document.id === report.id)?.results).toHaveLength(3);
  });

  it('never keeps an extraction without the parse result it points into', async () => {
    const { report, second, extraction } = await documentWithHistory();
    const extractionEntry = await workspace.trashResult(extraction.id);
    const parseEntry = await workspace.trashResult(second.id);
    await expect(workspace.restore(extractionEntry.id)).rejects.toMatchObject({ code: 'source_not_in_workspace' });
    // An extraction arriving for a parse result already in the trash (a job finishing late) is refused too.
    await expect(extract(report.id, second.id)).rejects.toMatchObject({ code: 'result_not_found' });
    await workspace.restore(parseEntry.id);
    await workspace.restore(extractionEntry.id);
    expect((await workspace.library()).find((e) => e.document.id === report.id)?.results.map((r) => r.id)).toContain(extraction.id);
  });

  it('merges a restored document into the same document imported again meanwhile', async () => {
    const bytes = await pdfBytes(3, 'report');
    const report = await workspace.addDocument('report.pdf', bytes);
    const old = await parse(report.id);
    const entry = await workspace.trashDocument(report.id);
    await workspace.addDocument('report (2).pdf', bytes);
    const fresh = await parse(report.id);
    await workspace.restore(entry.id);
    const [only] = await workspace.library();
    expect(only?.document.name).toBe('report (2).pdf');
    expect(only?.results.map((r) => r.id).sort()).toEqual([old.id, fresh.id].sort());
    expect(await readdir(join(root, 'trash'))).toEqual([]);
  });

  it('refuses unknown or already restored entries with a clear error', async () => {
    const { report } = await documentWithHistory();
    const entry = await workspace.trashDocument(report.id);
    await workspace.restore(entry.id);
    await expect(workspace.restore(entry.id)).rejects.toMatchObject({ code: 'trash_not_found' });
    await expect(workspace.restore('../documents')).rejects.toMatchObject({ code: 'invalid_id' });
  });

  it('removes entries older than 30 days at start-up, in the background, and keeps younger ones and every audit trail', async () => {
    const { report, other } = await documentWithHistory();
    const old = await workspace.trashDocument(report.id);
    await new Promise((r) => setTimeout(r, 5));
    const young = await workspace.trashDocument(other.id);
    await writeFile(join(root, 'audit', `${other.id}.jsonl`), '');
    expect(existsSync(join(root, 'audit', `${report.id}.jsonl`))).toBe(true);
    const restarted = new Workspace(dir, logger, (change) => changes.push(change));
    changes = [];
    // "Now" is 30 days after the young one was trashed, and more than 30 after the old one.
    const purgeAt = new Date(Date.parse(young.trashedAt) + 30 * DAY - 1);
    await restarted.start(() => purgeAt);
    expect((await restarted.listTrash()).map((e) => e.id)).toEqual([young.id]);
    expect(await readdir(join(root, 'trash'))).toEqual([young.id]);
    expect(changes).toEqual([{ change: 'trash' }]);
    // The audit trail outlives its document: purging it for good leaves the trail (and its head) where it was.
    const trails = await readdir(join(root, 'audit'));
    expect(trails).toContain(`${report.id}.jsonl`);
    expect(trails).toContain(`${other.id}.jsonl`);
    void old;
  });

  describe('after a crash', () => {
    it('finishes a move to the trash that was cut short', async () => {
      const { report, other } = await documentWithHistory();
      const before = await snapshot();
      const entry = await workspace.trashDocument(report.id);
      // As if the process died after the manifest and the first moves: the rest is still in the workspace.
      const manifestFile = join(root, 'trash', entry.id, 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { state: string; paths: string[] };
      await writeFile(manifestFile, JSON.stringify({ ...manifest, state: 'moving' }));
      for (const path of manifest.paths.slice(2)) await moveBack(join(root, 'trash', entry.id, path), join(root, path));

      const restarted = new Workspace(dir, logger);
      void restarted.start();
      expect((await restarted.library()).map((e) => e.document.id)).toEqual([other.id]);
      expect(await restarted.listTrash()).toEqual([entry]);
      await restarted.restore(entry.id);
      expect(await snapshot()).toEqual(before);
    });

    it('finishes a restore that was cut short', async () => {
      const { report } = await documentWithHistory();
      const before = await snapshot();
      const entry = await workspace.trashDocument(report.id);
      const manifestFile = join(root, 'trash', entry.id, 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { state: string; paths: string[] };
      await writeFile(manifestFile, JSON.stringify({ ...manifest, state: 'restoring' }));
      // A restore goes backwards: the document first.
      await moveBack(join(root, 'trash', entry.id, manifest.paths.at(-1)!), join(root, manifest.paths.at(-1)!));

      const restarted = new Workspace(dir, logger);
      void restarted.start();
      expect((await restarted.library()).find((e) => e.document.id === report.id)?.results).toHaveLength(3);
      expect(await restarted.listTrash()).toEqual([]);
      expect(await snapshot()).toEqual(before);
      expect(await readdir(join(root, 'trash'))).toEqual([]);
    });

    it('clears a trash folder left without a manifest (nothing had moved yet) and keeps one with an unreadable manifest', async () => {
      await documentWithHistory();
      const before = await snapshot();
      await mkdir(join(root, 'trash', 'leftover'), { recursive: true });
      await mkdir(join(root, 'trash', 'damaged'), { recursive: true });
      await writeFile(join(root, 'trash', 'damaged', 'manifest.json'), '{ half');
      const restarted = new Workspace(dir, logger);
      await restarted.start();
      expect((await readdir(join(root, 'trash'))).sort()).toEqual(['damaged']);
      expect(await restarted.listTrash()).toEqual([]);
      expect(await snapshot()).toEqual(before);
    });
  });

  it('announces every change once it is on disk', async () => {
    const bytes = await pdfBytes(1);
    const doc = await workspace.addDocument('a.pdf', bytes);
    await workspace.addDocument('again.pdf', bytes); // the same content: no change
    const result = await parse(doc.id);
    const entry = await workspace.trashResult(result.id);
    await workspace.restore(entry.id);
    expect(changes).toEqual([
      { change: 'documents', documentId: doc.id },
      { change: 'results', documentId: doc.id },
      { change: 'trash', documentId: doc.id },
      { change: 'trash', documentId: doc.id },
    ]);
  });
});

/** Undoes one move as a crash would have left it undone (a path with no file, e.g. a review never written, is skipped). */
async function moveBack(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  await rename(from, to).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
