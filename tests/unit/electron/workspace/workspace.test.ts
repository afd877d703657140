import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../electron/core/log.js';
import { Workspace } from '../../../../electron/workspace/workspace.js';
import { encryptedPdf } from '../../../support/encryptedPdf.js';
import { removeWorkspaceDir } from '../../../support/workspaceDir.js';

let dir: string;
let workspace: Workspace;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'groundwork-ws-'));
  workspace = new Workspace(dir, createLogger(null, { console: false }));
});
afterEach(() => removeWorkspaceDir(dir, workspace));

async function pdfBytes(pages = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage();
  return pdf.save();
}

describe('the workspace', () => {
  it('stores a document once per content, whatever its name', async () => {
    const bytes = await pdfBytes(2);
    const first = await workspace.addDocument('a.pdf', bytes);
    const again = await workspace.addDocument('renamed.pdf', bytes);
    expect(again).toEqual(first);
    expect(await readdir(join(dir, 'workspace', 'documents'))).toHaveLength(1);
    expect(Array.from(await workspace.documentBytes(first.id))).toEqual(Array.from(bytes));
  });

  it.each([
    ['a text file named .pdf', new TextEncoder().encode('not a pdf at all'), 'unsupported_file_type'],
    ['a damaged PDF', new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog\n%%EOF'), 'corrupt_pdf'],
    // Encrypted, and pdf.js asks for a password: refused until one is given (tests/unit/electron/app/handlers.documentPasswords.test.ts).
    ['a PDF that needs a password', encryptedPdf(), 'password_required'],
  ])('refuses %s with a clear error and stores nothing', async (_label, bytes, code) => {
    await expect(workspace.addDocument('x.pdf', bytes)).rejects.toMatchObject({ code });
    expect(await workspace.library()).toEqual([]);
  });

  it('lists documents with their results, newest first, and skips unreadable files', async () => {
    const a = await workspace.addDocument('a.pdf', await pdfBytes(1));
    const b = await workspace.addDocument('b.pdf', await pdfBytes(2));
    await workspace.saveResult({
      documentId: a.id,
      kind: 'parse',
      engine: 'local',
      modelVersion: 'v',
      pageCount: 1,
      credits: 0,
      partial: false,
      response: {},
    });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'workspace', 'results', 'broken.info.json'), '{ nope');
    const library = await workspace.library();
    expect(library.map((e) => e.document.name)).toEqual(['a.pdf', 'b.pdf']);
    expect(library[0]?.results).toHaveLength(1);
    expect(library[1]?.document.id).toBe(b.id);
  });

  it('refuses ids that could leave the workspace', async () => {
    await expect(workspace.documentBytes('../settings')).rejects.toMatchObject({ code: 'invalid_id' });
    await expect(workspace.result('../../x')).rejects.toMatchObject({ code: 'invalid_id' });
  });
});
