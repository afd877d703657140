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
    ['shared/', 'shared/ipc/wallProbe.ts', '../../electron/app/services.js'],
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

// Inside a room, folders import downward only (eslint.config.js lists the floors); probes
// planted as if they were files of the room.
const LAYERS = 'groundwork/layers';

describe('the floors inside the renderer', () => {
  it.each([
    ['state below panels', 'renderer/state/probe.ts', '../fields/FieldsPanel.js'],
    ['panels never import each other', 'renderer/fields/probe.ts', '../library/Library.js'],
    ['panels never import screens', 'renderer/markdown/probe.ts', '../screens/ReviewScreen.js'],
    ['the viewer below panels', 'renderer/viewer/probe.ts', '../markdown/MarkdownPanel.js'],
    ['components below the viewer', 'renderer/components/probe.ts', '../viewer/DocumentViewer.js'],
    ['a type import counts too', 'renderer/state/probe.ts', '../screens/ReviewScreen.js'],
  ])('refuse an import upward or sideways: %s (%s → %s)', async (name, file, from) => {
    const code = name.startsWith('a type') ? typeImport(from) : valueImport(from);
    expect(await problems(file, code)).toContain(LAYERS);
  });

  it('allow imports downward: panels of state, components and the viewer; screens of panels', async () => {
    expect(await problems('renderer/markdown/probe.ts', valueImport('../viewer/FollowToggle.js'))).toEqual([]);
    expect(await problems('renderer/fields/probe.ts', valueImport('../state/review/reviewStore.js'))).toEqual([]);
    expect(await problems('renderer/screens/probe.ts', valueImport('../library/Library.js'))).toEqual([]);
  });
});

describe('the floors inside main', () => {
  it.each([
    ['a domain never imports the wiring', 'electron/jobs/probe.ts', '../app/services.js'],
    ['storage below the workspace', 'electron/storage/probe.ts', '../workspace/workspace.js'],
    ['the engine below the service client', 'electron/engine/probe.ts', '../api/guardedFetch.js'],
    ['core below everything', 'electron/core/probe.ts', '../runs/runRegistry.js'],
    ['jobs and datasets never import each other', 'electron/jobs/probe.ts', '../datasets/datasetsService.js'],
    ['keys and rules never import each other', 'electron/keys/probe.ts', '../rules/rules.js'],
    ['a type import counts too', 'electron/runs/probe.ts', '../jobs/jobsService.js'],
  ])('refuse an import upward or sideways: %s (%s → %s)', async (name, file, from) => {
    const code = name.startsWith('a type') ? typeImport(from) : valueImport(from);
    expect(await problems(file, code)).toContain(LAYERS);
  });

  it('allow imports downward: domains of the workspace and the client, the wiring of domains, the shell of the wiring', async () => {
    expect(await problems('electron/jobs/probe.ts', valueImport('../runs/retryProgress.js'))).toEqual([]);
    expect(await problems('electron/runs/probe.ts', valueImport('../workspace/workspace.js'))).toEqual([]);
    expect(await problems('electron/app/probe.ts', valueImport('../jobs/jobsService.js'))).toEqual([]);
    expect(await problems('electron/shell/probe.ts', valueImport('../app/services.js'))).toEqual([]);
  });
});
