import { rm } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { Workspace } from '../../electron/workspace/workspace.js';
import type { StoredResult } from '../../shared/result.js';

/**
 * Removes a test's workspace folder once the workspaces opened on it have settled: saving a parse result starts a
 * result-model build and a catalog save in the background, and removing the folder under them fails with ENOTEMPTY.
 */
export async function removeWorkspaceDir(dir: string, ...workspaces: Workspace[]): Promise<void> {
  await Promise.all(workspaces.map((workspace) => workspace.close()));
  // A workspace the test reopened and did not pass here may still be writing: rm retries what appears meanwhile.
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}

/** A one-page PDF document with an offline extraction of `values` stored on it, as a review starts from. */
export async function storedExtraction(
  workspace: Workspace,
  values: Record<string, unknown>,
  name = 'a.pdf',
  recorded: { schemaKey?: string } = {},
): Promise<StoredResult> {
  const pdf = await PDFDocument.create();
  pdf.addPage();
  const document = await workspace.addDocument(name, await pdf.save());
  return extractionOn(workspace, document.id, values, recorded);
}

/** An offline extraction of `values` stored on a document already in the workspace. */
export function extractionOn(
  workspace: Workspace,
  documentId: string,
  values: Record<string, unknown>,
  recorded: { schemaKey?: string } = {},
): Promise<StoredResult> {
  return workspace.saveResult({
    documentId,
    kind: 'extract',
    engine: 'local',
    modelVersion: null,
    pageCount: null,
    credits: 0,
    partial: false,
    ...recorded,
    response: { extraction: values, extraction_metadata: {} },
  });
}
