import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Main, the renderer and shared/ are bundled for different processes, so a value import
// across rooms is a lint error (shared/ may be used by both); type imports stay allowed.
// Linted with the repo's own config, each probe as if it were a file in its room.
const eslint = new ESLint({ cwd: process.cwd() });
const WALL = '@typescript-eslint/no-restricted-imports';

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const valueImport = (from: string) => `import { probe } from '${from}';\nexport const k = probe;\n`;
const typeImport = (from: string) => `import type { Probe } from '${from}';\nexport type K = Probe;\n`;

describe('the walls between the rooms', () => {
  it.each([
    ['the renderer', 'renderer/jobs/wallProbe.ts', '../../electron/jobs/jobsService.js'],
    ['shared/', 'shared/ipc/wallProbe.ts', '../../electron/services.js'],
    ['shared/', 'shared/ipc/wallProbe.ts', '../../renderer/ipc/client.js'],
    ['main', 'electron/jobs/wallProbe.ts', '../../renderer/jobs/jobsStore.js'],
  ])('refuse a value import from %s (%s → %s)', async (_room, file, from) => {
    expect(await problems(file, valueImport(from))).toContain(WALL);
  });

  it('allow type imports across rooms and value imports of shared/', async () => {
    expect(await problems('renderer/jobs/wallProbe.ts', typeImport('../../electron/jobs/jobsService.js'))).toEqual([]);
    expect(await problems('electron/jobs/wallProbe.ts', typeImport('../../renderer/jobs/jobsStore.js'))).toEqual([]);
    expect(await problems('renderer/jobs/wallProbe.ts', valueImport('../../shared/ipc/channels.js'))).toEqual([]);
    expect(await problems('electron/jobs/wallProbe.ts', valueImport('../../shared/ipc/channels.js'))).toEqual([]);
  });
});
