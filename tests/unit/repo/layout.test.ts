import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

// Unit tests mirror the source tree: a test of electron/workspace/modelCache.ts lives in
// tests/unit/electron/workspace/, and it imports something from electron/workspace/ (directly or
// through its test helpers), so a test left in a folder its code has moved out of fails here.

/** tests/unit/<room>/… mirrors this source folder */
const ROOMS: Record<string, string> = {
  electron: 'electron',
  renderer: 'renderer',
  shared: 'shared',
  emulator: 'tests/emulator',
  scripts: 'scripts',
};
/** Folders of tests/unit that mirror no source folder, and why. */
const CROSS_CUTTING: Record<string, string> = {
  repo: 'checks of files at the repository root: electron-builder.yml, runtime-support.json, eslint.config.js, this layout',
};
/** Workers the vitest global setup bundles: a test that runs one (by its variable) runs this source file. */
const BUILT_WORKERS: Record<string, string> = {
  GROUNDWORK_ENGINE_WORKER: 'electron/engine/engineWorker.ts',
  GROUNDWORK_MODEL_WORKER: 'electron/workspace/modelWorker.ts',
  GROUNDWORK_SEARCH_WORKER: 'electron/search/searchWorker.ts',
};

const ROOT = process.cwd();
const IMPORT =
  /(?:^[ \t]*(?:import|export|\})[^\n]*?\bfrom\s*|\bimport\s*\(\s*|^[ \t]*import\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"\n]+)['"]/gm;

interface Files {
  read(file: string): string;
  isFile(file: string): boolean;
}
const disk: Files = {
  read: (file) => readFileSync(join(ROOT, file), 'utf8'),
  isFile: (file) => existsSync(join(ROOT, file)) && statSync(join(ROOT, file)).isFile(),
};

function resolveImport(from: string, spec: string, files: Files): string | undefined {
  const path = posix.normalize(posix.join(posix.dirname(from), spec));
  return [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), `${path}.ts`].find((p) => files.isFile(p));
}

const isSource = (file: string) => Object.values(ROOMS).some((dir) => file.startsWith(`${dir}/`));

/** The source modules a test reaches: its own imports and those of the test helpers it imports. */
function sourceModules(file: string, files: Files = disk, seen = new Set<string>()): string[] {
  const text = files.read(file);
  const found = Object.keys(BUILT_WORKERS)
    .filter((name) => text.includes(`process.env.${name}`))
    .map((name) => BUILT_WORKERS[name]!);
  for (const match of text.matchAll(IMPORT)) {
    const target = resolveImport(file, match[1]!, files);
    if (!target || seen.has(target)) continue;
    seen.add(target);
    if (isSource(target)) found.push(target);
    else if (target.startsWith('tests/')) found.push(...sourceModules(target, files, seen));
  }
  return found;
}

/** Why a test file is misplaced, or undefined when it sits where its code is. */
function layoutProblem(test: string, modules: readonly string[]): string | undefined {
  const [tests, unit, room, ...rest] = posix.dirname(test).split('/');
  if (tests !== 'tests' || unit !== 'unit' || room === undefined) return `${test}: not in a folder of tests/unit/`;
  if (CROSS_CUTTING[room] !== undefined) return undefined;
  const roomDir = ROOMS[room];
  if (roomDir === undefined)
    return `${test}: tests/unit/${room}/ mirrors no source room (${Object.keys(ROOMS).join(', ')}) and is not a cross-cutting folder`;
  const source = posix.join(roomDir, ...rest);
  if (!existsSync(join(ROOT, source)) || !statSync(join(ROOT, source)).isDirectory()) return `${test}: ${source}/ does not exist`;
  if (!modules.some((m) => posix.dirname(m) === source))
    return `${test}: imports nothing from ${source}/ (it imports ${[...new Set(modules.map((m) => posix.dirname(m)))].join(', ') || 'no source'})`;
  return undefined;
}

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('where unit tests live', () => {
  it('every unit test sits in the tests/unit folder of the source folder it exercises', () => {
    const problems = testFiles('tests/unit').map((test) => layoutProblem(test, sourceModules(test)));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('refuses a test left beside the wrong code, in a themed folder, or in a folder with no source', () => {
    expect(layoutProblem('tests/unit/renderer/workspaceStore.test.ts', ['renderer/workspace/workspaceStore.ts'])).toMatch(
      /imports nothing from renderer\//,
    );
    expect(layoutProblem('tests/unit/foundation/sniff.test.ts', ['electron/documents/sniff.ts'])).toMatch(/mirrors no source room/);
    expect(layoutProblem('tests/unit/electron/nowhere/sniff.test.ts', ['electron/documents/sniff.ts'])).toMatch(/does not exist/);
    expect(layoutProblem('tests/unit/sniff.test.ts', [])).toMatch(/not in a folder/);
    expect(layoutProblem('tests/unit/electron/documents/sniff.test.ts', ['electron/documents/sniff.ts'])).toBeUndefined();
  });

  it('finds source modules through test helpers', () => {
    const text: Record<string, string> = {
      'tests/unit/electron/workspace/a.test.ts':
        "import { h } from './helper.js';\nconst code = \"import { x } from '../../../../renderer/App.js'\";\n",
      'tests/unit/electron/workspace/helper.ts': "import { w } from '../../../../electron/workspace/workspace.js';\n",
      'electron/workspace/workspace.ts': "import { log } from '../log.js';\n",
      'electron/log.ts': '',
      'renderer/App.ts': '',
    };
    const files: Files = { read: (f) => text[f] ?? '', isFile: (f) => text[f] !== undefined };
    // Through the helper, not further through the source, and not from code inside a string.
    expect(sourceModules('tests/unit/electron/workspace/a.test.ts', files)).toEqual(['electron/workspace/workspace.ts']);
  });
});
