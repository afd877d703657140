import { rm } from 'node:fs/promises';
import type { Workspace } from '../../electron/workspace/workspace.js';

/**
 * Removes a test's workspace folder once the workspaces opened on it have settled: saving a parse result starts a
 * result-model build and a catalog save in the background, and removing the folder under them fails with ENOTEMPTY.
 */
export async function removeWorkspaceDir(dir: string, ...workspaces: Workspace[]): Promise<void> {
  await Promise.all(workspaces.map((workspace) => workspace.close()));
  // A workspace the test reopened and did not pass here may still be writing: rm retries what appears meanwhile.
  await rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}
