import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FsAtomic from '../../../../electron/storage/fsAtomic.js';
import { createLogger } from '../../../../electron/core/log.js';
import { CATALOG_FILE, LEGACY_CATALOG_FILE } from '../../../../electron/workspace/layout.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import type { LibraryEntry } from '../../../../shared/library.js';
import { rgbPng } from '../../../support/png.js';
import { removeWorkspaceDir } from '../../../support/workspaceDir.js';

// Every atomic write can be stopped for good at a chosen one, as if the process died there:
// the mutation never finishes, and a second Workspace on the same folder is the next start.
const crash = vi.hoisted(() => ({ at: -1, writes: 0, reached: () => undefined as void }));
vi.mock('../../../../electron/storage/fsAtomic.js', async (importOriginal) => {
  const real = await importOriginal<typeof FsAtomic>();
  return {
    ...real,
    writeFileAtomic: async (path: string, data: string | Uint8Array) => {
      if (crash.writes++ === crash.at) {
        crash.reached();
        return new Promise<void>(() => undefined);
      }
      return real.writeFileAtomic(path, data);
    },
  };
});

const logger = createLogger(null, { console: false });
let dir: string;
let catalogFile: string;
let workspace: Workspace;
let pngs = 0;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-catalog-'));
  catalogFile = join(dir, 'workspace', CATALOG_FILE);
  workspace = new Workspace(dir, logger);
  crash.at = -1;
  crash.writes = 0;
});
afterEach(() => removeWorkspaceDir(dir, workspace));

/** A distinct small image each time (distinct content, distinct document). */
const png = () => rgbPng(4 + pngs++, 3);

const base = { modelVersion: 'v', pageCount: 1, credits: 0, partial: false } as const;
const parse = (ws: Workspace, documentId: string) =>
  ws.saveResult({ ...base, documentId, kind: 'parse', engine: 'local', response: { markdown: 'x' } });
const extract = (ws: Workspace, documentId: string, sourceResultId: string) =>
  ws.saveResult({ ...base, documentId, kind: 'extract', engine: 'extract', sourceResultId, response: { extraction: {} } });

/** What the folders hold, listed by a fresh Workspace with no catalog file to go by. */
async function folders(): Promise<LibraryEntry[]> {
  const saved = await readFile(catalogFile).catch(() => null);
  await rm(catalogFile, { force: true });
  const listed = await new Workspace(dir, logger).library();
  if (saved) await writeFile(catalogFile, saved);
  return listed;
}

/** The running workspace, and the next start reading the catalog file it saved, both list what the folders hold. */
async function expectCatalogMatchesFolders(ws: Workspace = workspace): Promise<void> {
  const truth = await folders();
  expect(await ws.library()).toEqual(truth);
  await ws.flush();
  expect((await stat(catalogFile)).isFile()).toBe(true);
  expect(await new Workspace(dir, logger).library()).toEqual(truth);
}

type SavedBody = { documents: Array<{ id: string; name: string }>; results: unknown[] };

/** The saved file's two lines: its header, and the body whose digest the header holds. */
async function savedCatalog(): Promise<{ header: { version: number; stamp: string; schemas: string; digest: string }; body: string }> {
  const text = await readFile(catalogFile, 'utf8');
  const end = text.indexOf('\n');
  return {
    header: JSON.parse(text.slice(0, end)) as { version: number; stamp: string; schemas: string; digest: string },
    body: text.slice(end + 1),
  };
}

/** Writes `body` under the saved header, with its digest made to fit (as the app would have written it). */
async function resaveCatalog(body: SavedBody): Promise<void> {
  const { header } = await savedCatalog();
  const text = JSON.stringify(body);
  const digest = createHash('sha256').update(text).digest('hex');
  await writeFile(catalogFile, `${JSON.stringify({ ...header, digest })}\n${text}`);
}

async function populated() {
  const a = await workspace.addDocument('a.png', png());
  const b = await workspace.addDocument('b.png', png());
  const first = await parse(workspace, a.id);
  const extraction = await extract(workspace, a.id, first.id);
  await parse(workspace, b.id);
  return { a, b, first, extraction };
}

describe('the library catalog', () => {
  it('equals the folders after every kind of change, in memory and as saved', async () => {
    await workspace.library(); // read before the changes: from here on each one updates it
    const { a, b, first } = await populated();
    await expectCatalogMatchesFolders();

    await workspace.setDocumentSource(b.id, 'https://example.com/b.png');
    await expectCatalogMatchesFolders();

    const resultEntry = await workspace.trashResult(first.id); // with its extraction
    expect((await workspace.library()).find((e) => e.document.id === a.id)?.results).toEqual([]);
    await expectCatalogMatchesFolders();

    const documentEntry = await workspace.trashDocument(b.id);
    await expectCatalogMatchesFolders();

    await workspace.restore(resultEntry.id);
    await expectCatalogMatchesFolders();
    await workspace.restore(documentEntry.id);
    await expectCatalogMatchesFolders();
    expect((await workspace.library()).flatMap((e) => e.results)).toHaveLength(3);

    await workspace.trashDocument(a.id);
    await workspace.start(() => new Date(Date.now() + 365 * 24 * 60 * 60 * 1000)); // purges the trash
    expect(await workspace.listTrash()).toEqual([]);
    await expectCatalogMatchesFolders();
  });

  it('takes in the page count counted for a document stored by an older version', async () => {
    const older = await workspace.addDocument('old.png', png());
    const file = join(dir, 'workspace', 'documents', older.id, 'document.json');
    const { pageCount: _dropped, ...withoutCount } = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    await writeFile(file, JSON.stringify(withoutCount));
    const restarted = new Workspace(dir, logger);
    expect((await restarted.library())[0]?.document.pageCount).toBe(1);
    await expectCatalogMatchesFolders(restarted);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ pageCount: 1 });
  });

  it('is listed from the saved file at the next start, and never removed when nothing changed', async () => {
    const { a } = await populated();
    await workspace.library();
    await workspace.flush();
    // A name only the file has: the next start lists it, so it read the file, not the folders.
    const saved = JSON.parse((await savedCatalog()).body) as SavedBody;
    saved.documents.find((d) => d.id === a.id)!.name = 'only-in-the-catalog.png';
    await resaveCatalog(saved);
    const restarted = new Workspace(dir, logger);
    expect((await restarted.library()).map((e) => e.document.name)).toContain('only-in-the-catalog.png');
    await restarted.library();
    expect((await stat(catalogFile)).isFile()).toBe(true);
  });

  it('removes the catalog.json an older build left, once, and never reads it', async () => {
    await populated();
    const legacy = join(dir, 'workspace', LEGACY_CATALOG_FILE);
    await writeFile(legacy, '{"documents":[],"results":[]}');
    const restarted = new Workspace(dir, logger);
    expect(await restarted.library()).toEqual(await folders());
    await expect(stat(legacy)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  // Each file but the first lists b.png as c.png and keeps the folders' stamp: read, it would show c.png.
  const renamed = (body: string) => body.replace('b.png', 'c.png');
  const digestOf = (text: string) => createHash('sha256').update(text).digest('hex');
  it.each([
    ['not JSON', async () => '{ "version": 2, "stamp'],
    [
      'of another version',
      async () => {
        const { header, body } = await savedCatalog();
        return `${JSON.stringify({ ...header, version: 99, digest: digestOf(renamed(body)) })}\n${renamed(body)}`;
      },
    ],
    [
      'of the first version (one JSON object, no digest)',
      async () => {
        const { header, body } = await savedCatalog();
        return JSON.stringify({ version: 1, stamp: header.stamp, ...(JSON.parse(renamed(body)) as object) });
      },
    ],
    [
      'written for entries of other schemas (a newer build, met after a downgrade)',
      async () => {
        const { header, body } = await savedCatalog();
        return `${JSON.stringify({ ...header, schemas: 'another', digest: digestOf(renamed(body)) })}\n${renamed(body)}`;
      },
    ],
    [
      'changed after it was written (its body no longer fits its digest)',
      async () => {
        const { header, body } = await savedCatalog();
        return `${JSON.stringify(header)}\n${renamed(body)}`;
      },
    ],
  ])('is rebuilt from the folders when the file is %s', async (_label, text) => {
    await populated();
    await workspace.library();
    await workspace.flush();
    const truth = await folders();
    await writeFile(catalogFile, await text());
    const restarted = new Workspace(dir, logger);
    expect(await restarted.library()).toEqual(truth);
    await restarted.flush();
    expect(await new Workspace(dir, logger).library()).toEqual(truth);
  });

  it('is rebuilt when the file is missing', async () => {
    await populated();
    await workspace.library();
    await workspace.flush();
    await rm(catalogFile);
    expect(await new Workspace(dir, logger).library()).toEqual(await folders());
  });

  it('is rebuilt when files were added or removed behind its back (a result copied in from a backup)', async () => {
    const { a, first } = await populated();
    await workspace.library();
    await workspace.flush();
    const results = join(dir, 'workspace', 'results');
    const info = JSON.parse(await readFile(join(results, `${first.id}.info.json`), 'utf8')) as Record<string, unknown>;
    await copyFile(join(results, `${first.id}.json`), join(results, 'copied-in.json'));
    await writeFile(join(results, 'copied-in.info.json'), JSON.stringify({ ...info, id: 'copied-in' }));
    const listed = await new Workspace(dir, logger).library();
    expect(listed.find((e) => e.document.id === a.id)?.results.map((r) => r.id)).toContain('copied-in');
    expect(listed).toEqual(await folders());
  });

  it('does not save what it holds when the folders changed under the running app', async () => {
    const { b } = await populated();
    await workspace.library();
    await workspace.setDocumentSource(b.id, 'https://example.com/b'); // a save is now due
    await rm(join(dir, 'workspace', 'documents', b.id), { recursive: true });
    await workspace.flush();
    await expect(stat(catalogFile)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await workspace.library()).toEqual(await folders());
  });

  describe('after a crash mid-change', () => {
    /** Each change, started on a workspace whose catalog is saved; `setup` runs before the catalog is saved. */
    const changes: Array<[string, (ws: Workspace, made: Awaited<ReturnType<typeof populated>>) => Promise<unknown>]> = [
      ['adding a document', (ws) => ws.addDocument('new.png', png())],
      ['saving a result', (ws, { b }) => parse(ws, b.id)],
      ['saving an extraction', (ws, { a, first }) => extract(ws, a.id, first.id)],
      ['remembering a web address', (ws, { a }) => ws.setDocumentSource(a.id, 'https://example.com/a')],
      ['trashing a result', (ws, { first }) => ws.trashResult(first.id)],
      ['trashing a document', (ws, { a }) => ws.trashDocument(a.id)],
      [
        'restoring from the trash',
        async (ws, { a }) => {
          const entry = (await ws.listTrash()).find((e) => e.document.id === a.id)!;
          return ws.restore(entry.id);
        },
      ],
    ];

    it.each(changes)('neither loses nor invents an entry, whichever write %s was cut at', async (label, change) => {
      for (let at = 0; ; at++) {
        await rm(join(dir, 'workspace'), { recursive: true, force: true });
        workspace = new Workspace(dir, logger);
        const made = await populated();
        if (label === 'restoring from the trash') await workspace.trashDocument(made.a.id);
        await workspace.library();
        await workspace.flush();
        crash.writes = 0;
        crash.at = at;
        const reached = new Promise<void>((resolve) => (crash.reached = resolve));
        const finished = change(workspace, made).then(
          () => 'finished',
          () => 'failed',
        );
        const outcome = await Promise.race([reached.then(() => 'cut' as const), finished]);
        crash.at = -1;
        // The next start: finishes an interrupted trash move, then lists.
        const next = new Workspace(dir, logger);
        await next.start();
        expect(await next.library(), `cut at write ${at}`).toEqual(await folders());
        if (outcome !== 'cut') {
          // Ran to the end without reaching write `at`: every cut point has been tried.
          expect(at).toBeGreaterThan(0);
          await expectCatalogMatchesFolders();
          return;
        }
      }
    });
  });
});
