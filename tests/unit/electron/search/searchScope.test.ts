import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/log.js';
import { SearchClient } from '../../../../electron/search/searchClient.js';
import { searchScope } from '../../../../electron/search/searchScope.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import { Notices } from '../../../../electron/core/notices.js';
import { createSettingsStore } from '../../../../electron/settings/settings.js';
import { readSearchSettings, updateSearchSettings } from '../../../../electron/search/searchScope.js';
import type { SearchAnswer } from '../../../../shared/ipc/search.js';
import { ENCRYPTED_PDF_PASSWORD, encryptedPdf } from '../../../support/encryptedPdf.js';
import { removeWorkspaceDir } from '../../../support/workspaceDir.js';
import { wordResults } from '../../../support/wordResults.js';

// The text of a PDF opened with a password is stored in plain form in its results and models;
// the search index would hold a third copy. A setting keeps such documents out of it, on by
// default; turned on after they were indexed, their results leave the index.
const logger = createLogger(null, { console: false });
const base = { modelVersion: 'v', pageCount: 1, credits: 0, partial: false };
const documentsFound = (answer: SearchAnswer) => answer.groups.map((g) => g.documentName).sort();

describe('which documents the search index holds', () => {
  let dir: string;
  let workspace: Workspace;
  let index: SearchClient | null = null;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groundwork-search-scope-'));
    workspace = new Workspace(join(dir, 'data'), logger, () => index?.changed());
  });
  afterEach(async () => {
    await index?.close();
    index = null;
    await removeWorkspaceDir(dir, workspace);
  });

  it('keeps a password-protected document out by default, takes it in when allowed, and drops it again when kept out', async () => {
    const made = await wordResults('scope');
    const open = await workspace.addDocument('open.pdf', made.pdf);
    const locked = await workspace.addDocument('locked.pdf', encryptedPdf(), ENCRYPTED_PDF_PASSWORD);
    expect(locked.needsPassword).toBe(true);
    for (const document of [open, locked])
      await workspace.saveResult({ ...base, documentId: document.id, kind: 'parse', engine: 'parse', response: made.verity });

    const settings = createSettingsStore(dir, { logger, notices: new Notices() });
    expect(await readSearchSettings(settings)).toEqual({ keepProtectedOut: true });
    index = new SearchClient(workspace.root, searchScope(workspace, settings), logger, { saveDelayMs: 10 });
    await index.idle();
    expect(documentsFound(await index.query('acme'))).toEqual(['open.pdf']);

    await updateSearchSettings(settings, { keepProtectedOut: false });
    index.changed();
    await index.idle();
    expect(documentsFound(await index.query('acme'))).toEqual(['locked.pdf', 'open.pdf']);

    await updateSearchSettings(settings, { keepProtectedOut: true });
    index.changed();
    await index.idle();
    expect(documentsFound(await index.query('acme'))).toEqual(['open.pdf']);
  });
});
