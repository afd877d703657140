import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createLogger } from '../../../../../electron/core/log.js';
import { Workspace } from '../../../../../electron/workspace/workspace.js';
import { mergeEntries } from '../../../../../renderer/state/library/libraryModel.js';
import type { DocumentInfo } from '../../../../../shared/document.js';
import type { LibraryEntry, WorkspaceChange } from '../../../../../shared/library.js';
import type { StoredResult } from '../../../../../shared/result.js';
import { rgbPng } from '../../../../support/png.js';
import { removeWorkspaceDir } from '../../../../support/workspaceDir.js';

// The window lists again only the documents a change names and merges them in: after every
// kind of change, what it holds is what listing everything would give.

let dir: string;
let workspace: Workspace;
let changes: WorkspaceChange[];
let pngs = 0;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-merge-'));
  changes = [];
  workspace = new Workspace(dir, createLogger(null, { console: false }), (change) => changes.push(change));
});
afterEach(() => removeWorkspaceDir(dir, workspace));

const base = { modelVersion: 'v', pageCount: 1, credits: 0, partial: false } as const;
const parse = (documentId: string) => workspace.saveResult({ ...base, documentId, kind: 'parse', engine: 'local', response: {} });

/** Runs a change, then merges what its announcements name into the listing from before it. */
async function mergedAfter(before: LibraryEntry[], change: () => Promise<unknown>): Promise<LibraryEntry[]> {
  changes = [];
  await change();
  expect(changes.length).toBeGreaterThan(0);
  const named = new Set(changes.map((c) => c.documentId).filter((id): id is string => id !== undefined));
  expect(named.size).toBe(changes.length); // every change names its document
  const all = await workspace.library();
  return mergeEntries(
    before,
    named,
    all.filter((e) => named.has(e.document.id)),
  );
}

it('merging the changed documents gives the full listing after every kind of change', async () => {
  const documents: DocumentInfo[] = [];
  for (let i = 0; i < 6; i++) documents.push(await workspace.addDocument(`doc-${i}.png`, rgbPng(4 + pngs++, 3)));
  const results: StoredResult[] = [];
  for (const d of documents.slice(0, 4)) results.push(await parse(d.id));
  let shown = await workspace.library();

  const steps: Array<() => Promise<unknown>> = [
    () => workspace.addDocument('new.png', rgbPng(4 + pngs++, 3)),
    () => parse(documents[5]!.id), // an old document with its first result moves to the top
    () => parse(documents[0]!.id),
    () => workspace.setDocumentSource(documents[2]!.id, 'https://example.com/2'),
    () => workspace.trashResult(results[1]!.id),
    () => workspace.trashDocument(documents[3]!.id),
    async () => workspace.restore((await workspace.listTrash()).find((e) => e.what === 'result')!.id),
    async () => workspace.restore((await workspace.listTrash())[0]!.id),
  ];
  for (const step of steps) {
    shown = await mergedAfter(shown, step);
    expect(shown).toEqual(await workspace.library());
  }
});
