import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentFixture } from '../support/badFiles.js';
import { test } from './fixtures.js';

/**
 * A folder for one spec's files, made before its tests and removed after them. The function
 * it returns writes a fixture there (in `folder`, default "files") and answers its path, for
 * the file picker to open as a user's file.
 */
export function filesOnDisk(name: string): (file: DocumentFixture, folder?: string) => Promise<string> {
  let dir = '';
  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), `groundwork-${name}-e2e-`));
  });
  test.afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  return async (file, folder = 'files') => {
    await mkdir(join(dir, folder), { recursive: true });
    const path = join(dir, folder, file.name);
    await writeFile(path, file.bytes);
    return path;
  };
}
