import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

// Tests find their code. Unit tests mirror the source tree: a test of
// electron/workspace/modelCache.ts is tests/unit/electron/workspace/modelCache.test.ts; it
// imports something from electron/workspace/ (directly or through its test helpers) and
// reaches modelCache.ts (there or through the source it imports), so a test left in a folder
// its code has moved out of, or named after code it never runs, fails here. A test of one
// aspect of a file adds it to the name: parseDocument.ocr.test.ts. A helper of tests/support/
// is shared by files in several folders; one that only one folder uses sits beside them.

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
/** Tests named after no one source file, because they walk one input through many, and why. */
const SCENARIO_TESTS: Record<string, string> = {
  'tests/unit/electron/app/badFiles.test.ts': 'the trust check "bad files": each bad file down every path a user can take',
  'tests/unit/electron/app/faults.test.ts': 'the trust check "faults": calls on every service route under 429s, 503s and drops',
  'tests/unit/electron/app/crashSafety.test.ts': 'the short form of `npm run crash`: the real services killed mid-write',
  'tests/unit/electron/api/responseCaps.test.ts':
    'the trust check "response caps": a service call, a job output, a snapshot download and the retry policy',
  'tests/unit/shared/grounding/fuzzedResults.test.ts': 'the trust check "fuzzed results": every loader of a stored result',
  'tests/unit/shared/grounding/sdkShapedAnswers.test.ts':
    'the trust check "SDK-shaped answers": every loader of an answer the official SDK allows, which must read it',
  'tests/unit/electron/runs/hugeResults.test.ts': 'the trust check "fuzzed results" at a million elements, through the same loaders',
};
/** Workers the vitest global setup bundles: a test that runs one (by its variable) runs this source file. */
const BUILT_WORKERS: Record<string, string> = {
  GROUNDWORK_ENGINE_WORKER: 'electron/engine/engineWorker.ts',
  GROUNDWORK_MODEL_WORKER: 'electron/workspace/modelWorker.ts',
  GROUNDWORK_SEARCH_WORKER: 'electron/search/searchWorker.ts',
};
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];
const SUPPORT = 'tests/support';
/** Where test helpers may be used from. */
const HELPER_USERS = ['tests', 'bench', 'scripts'];

const ROOT = process.cwd();
const IMPORT =
  /(?:^[ \t]*(?:import|export|\})[^\n]*?\bfrom\s*|\bimport\s*\(\s*|^[ \t]*import\s+|\bvi\.mock\(\s*)['"](\.{1,2}\/[^'"\n]+)['"]/gm;
/** A file named from the repository root in a string, as a test reads a source file or a script bundles a helper. */
const ROOT_PATH = /['"`]((?:electron|renderer|shared|scripts|tests|bench)\/[\w./-]+\.(?:tsx?|m?js))['"`]/g;

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

const loaded = new WeakMap<Files, Map<string, string[]>>();

/** The files a file loads: its relative imports, and the files it names from the root. */
function loads(file: string, files: Files): string[] {
  const known = loaded.get(files) ?? loaded.set(files, new Map()).get(files)!;
  return known.get(file) ?? known.set(file, filesLoadedBy(file, files)).get(file)!;
}

function filesLoadedBy(file: string, files: Files): string[] {
  const text = files.read(file);
  const imported = [...text.matchAll(IMPORT)].map((m) => resolveImport(file, m[1]!, files));
  const named = [...text.matchAll(ROOT_PATH)].map((m) => m[1]!).filter((path) => files.isFile(path));
  return [...new Set([...imported, ...named].filter((path) => path !== undefined))];
}

const isSource = (file: string) => Object.values(ROOMS).some((dir) => file.startsWith(`${dir}/`));

/** The source modules a test reaches: its own imports and reads, and those of the test helpers it imports. */
function sourceModules(file: string, files: Files = disk, seen = new Set<string>()): string[] {
  const text = files.read(file);
  const found = Object.keys(BUILT_WORKERS)
    .filter((name) => text.includes(`process.env.${name}`))
    .map((name) => BUILT_WORKERS[name]!);
  for (const target of loads(file, files)) {
    if (seen.has(target)) continue;
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

/** The source a test runs: the modules it reaches and every source module they import in turn. */
function sourceRun(modules: readonly string[], files: Files = disk): Set<string> {
  const run = new Set(modules);
  for (const module of run) for (const target of loads(module, files)) if (isSource(target)) run.add(target);
  return run;
}

/** Why a test file is not named after a source file of its mirrored folder that it runs, or undefined when it is. */
function nameProblem(test: string, run: ReadonlySet<string>, files: Files = disk): string | undefined {
  const [, , room, ...rest] = posix.dirname(test).split('/');
  const roomDir = ROOMS[room ?? ''];
  if (roomDir === undefined || SCENARIO_TESTS[test] !== undefined) return undefined;
  const subject = posix.basename(test, '.test.ts').split('.')[0]!;
  const folder = posix.join(roomDir, ...rest);
  const source = SOURCE_EXTENSIONS.map((ext) => posix.join(folder, subject + ext)).find((path) => files.isFile(path));
  if (source === undefined)
    return `${test}: ${folder}/ has no file ${subject}: name it <file>.test.ts or <file>.<aspect>.test.ts after the file it tests (a scenario test goes in SCENARIO_TESTS, saying why)`;
  if (!run.has(source)) return `${test}: never runs ${source}, the file it is named after`;
  return undefined;
}

/** The folders whose files use a helper of tests/support/: directly, or through other helpers that do. */
function helperUsers(helper: string, importers: ReadonlyMap<string, readonly string[]>, seen = new Set([helper])): Set<string> {
  const folders = new Set<string>();
  for (const user of importers.get(helper) ?? []) {
    if (seen.has(user)) continue;
    seen.add(user);
    if (posix.dirname(user) === SUPPORT) for (const folder of helperUsers(user, importers, seen)) folders.add(folder);
    else folders.add(posix.dirname(user));
  }
  return folders;
}

/** Why a helper does not belong in tests/support/, or undefined when tests in several folders use it. */
function helperProblem(helper: string, importers: ReadonlyMap<string, readonly string[]>): string | undefined {
  const folders = [...helperUsers(helper, importers)];
  if (folders.length === 0) return `${helper}: used by nothing`;
  if (folders.length === 1) return `${helper}: used only by ${folders[0]}/, so it belongs beside those files`;
  return undefined;
}

/** Who loads each file: every file of the folders that may use test helpers. */
function importersOf(users: readonly string[], files: Files = disk): Map<string, string[]> {
  const importers = new Map<string, string[]>();
  for (const user of users) for (const target of loads(user, files)) importers.set(target, [...(importers.get(target) ?? []), user]);
  return importers;
}

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}
const isCode = (name: string) => SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts');

describe('where unit tests live', () => {
  const tests = filesUnder('tests/unit', (name) => name.endsWith('.test.ts'));

  it('every unit test sits in the tests/unit folder of the source folder it exercises', () => {
    const problems = tests.map((test) => layoutProblem(test, sourceModules(test)));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('every unit test is named after a source file of its folder that it runs', () => {
    const problems = tests.map((test) => nameProblem(test, sourceRun(sourceModules(test))));
    expect(problems.filter(Boolean)).toEqual([]);
  });

  it('lists as scenario tests only tests that exist', () => {
    expect(Object.keys(SCENARIO_TESTS).filter((test) => !tests.includes(test))).toEqual([]);
  });

  it('refuses a test left beside the wrong code, in a themed folder, or in a folder with no source', () => {
    expect(layoutProblem('tests/unit/renderer/workspaceStore.test.ts', ['renderer/state/review/reviewStore.ts'])).toMatch(
      /imports nothing from renderer\//,
    );
    expect(layoutProblem('tests/unit/foundation/sniff.test.ts', ['electron/formats/sniff.ts'])).toMatch(/mirrors no source room/);
    expect(layoutProblem('tests/unit/electron/nowhere/sniff.test.ts', ['electron/formats/sniff.ts'])).toMatch(/does not exist/);
    expect(layoutProblem('tests/unit/sniff.test.ts', [])).toMatch(/not in a folder/);
    expect(layoutProblem('tests/unit/electron/formats/sniff.test.ts', ['electron/formats/sniff.ts'])).toBeUndefined();
  });

  it('refuses a test named after no file of its folder, or after one it never runs', () => {
    const sniff = new Set(['electron/formats/sniff.ts']);
    expect(nameProblem('tests/unit/electron/documents/bytes.test.ts', sniff)).toMatch(/has no file bytes/);
    expect(nameProblem('tests/unit/electron/documents/resultShapes.test.ts', sniff)).toMatch(/has no file resultShapes/);
    expect(nameProblem('tests/unit/electron/formats/sniff.test.ts', new Set(['electron/documents/imageInfo.ts']))).toMatch(/never runs/);
    expect(nameProblem('tests/unit/electron/formats/sniff.test.ts', sniff)).toBeUndefined();
    expect(nameProblem('tests/unit/electron/formats/sniff.images.test.ts', sniff)).toBeUndefined();
    expect(nameProblem('tests/unit/scripts/eslint/effectCleanup.test.ts', new Set(['scripts/eslint/effectCleanup.js']))).toBeUndefined();
    expect(nameProblem('tests/unit/repo/layout.test.ts', new Set())).toBeUndefined();
  });

  it('finds source modules through test helpers, and files a test reads by their path', () => {
    const text: Record<string, string> = {
      'tests/unit/electron/workspace/a.test.ts':
        "import { h } from './helper.js';\nconst code = \"import { x } from '../../../../renderer/App.js'\";\n" +
        "const source = readFileSync('electron/shell/window.ts', 'utf8');\n",
      'tests/unit/electron/workspace/helper.ts': "import { w } from '../../../../electron/workspace/workspace.js';\n",
      'electron/workspace/workspace.ts': "import { log } from '../core/log.js';\n",
      'electron/shell/window.ts': '',
      'electron/core/log.ts': '',
      'renderer/App.ts': '',
    };
    const files: Files = { read: (f) => text[f] ?? '', isFile: (f) => text[f] !== undefined };
    // Through the helper, not further through the source, and not from code inside a string.
    const modules = sourceModules('tests/unit/electron/workspace/a.test.ts', files);
    expect(modules.sort()).toEqual(['electron/shell/window.ts', 'electron/workspace/workspace.ts']);
    // What runs goes on through the source.
    expect([...sourceRun(modules, files)].sort()).toEqual([
      'electron/core/log.ts',
      'electron/shell/window.ts',
      'electron/workspace/workspace.ts',
    ]);
  });
});

describe('where test helpers live', () => {
  it('every helper of tests/support/ is used by files in more than one folder', () => {
    const users = HELPER_USERS.flatMap((dir) => filesUnder(dir, isCode));
    const importers = importersOf(users);
    const helpers = filesUnder(SUPPORT, isCode);
    expect(helpers.map((helper) => helperProblem(helper, importers)).filter(Boolean)).toEqual([]);
  });

  it('counts the users of a helper through the helpers that import it', () => {
    const importers = new Map([
      ['tests/support/pdf.ts', ['tests/support/scans.ts', 'tests/unit/electron/engine/ocr.test.ts']],
      ['tests/support/scans.ts', ['tests/e2e/ocr.spec.ts']],
      ['tests/support/only.ts', ['tests/e2e/a.spec.ts', 'tests/e2e/b.spec.ts']],
    ]);
    expect(helperProblem('tests/support/pdf.ts', importers)).toBeUndefined();
    expect(helperProblem('tests/support/only.ts', importers)).toMatch(/used only by tests\/e2e\//);
    expect(helperProblem('tests/support/unused.ts', importers)).toMatch(/used by nothing/);
  });
});
