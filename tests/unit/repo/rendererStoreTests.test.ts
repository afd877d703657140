import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every zustand store of the window has a unit test: a module of renderer/ that makes one
// (`create(` from zustand) is loaded by a test in the folder of tests/unit/renderer/ that
// mirrors its own — a value import or `import(` (a type import loads nothing), or a support
// helper that loads it.
const ROOT = process.cwd();
const MAKES_STORE = /\bcreate\s*(?:<[^(]*>)?\s*\(\s*\)?\s*\(/;
const FROM_ZUSTAND = /^import\s+\{[^}]*\bcreate\b[^}]*\}\s+from\s+['"]zustand['"]/m;
/** Specifiers of value imports and dynamic imports, not of `import type`. */
const LOADED_SPEC = /(?:^import\s+(?!type\b)[^'"]*?from\s+|\bimport\s*\(\s*)['"](\.{1,2}\/[^'"\n]+)['"]/gm;
/** Support helpers that load a store for the tests that call them. */
const LOADS_STORE: Record<string, string> = { openReviewWindow: 'renderer/state/review/reviewStore.ts' };

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(join(ROOT, dir))) return [];
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = posix.join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return filesUnder(path, keep);
    return keep(name) ? [path] : [];
  });
}

/** The renderer modules that make a zustand store. */
export function storeModules(read: (file: string) => string, files: readonly string[]): string[] {
  return files.filter((file) => {
    const text = read(file);
    return FROM_ZUSTAND.test(text) && MAKES_STORE.test(text);
  });
}

/** The stores no test in their mirrored folder imports. */
export function untested(stores: readonly string[], tests: readonly string[], read: (file: string) => string): string[] {
  return stores.filter((store) => {
    const folder = posix.dirname(store).replace(/^renderer/, 'tests/unit/renderer');
    return !tests
      .filter((test) => posix.dirname(test) === folder)
      .some(
        (test) =>
          [...read(test).matchAll(LOADED_SPEC)].some(
            (m) => posix.normalize(posix.join(posix.dirname(test), m[1]!)).replace(/\.js$/, '') === store.replace(/\.tsx?$/, ''),
          ) || Object.entries(LOADS_STORE).some(([helper, loaded]) => loaded === store && new RegExp(`\\b${helper}\\(`).test(read(test))),
      );
  });
}

const disk = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('renderer stores get unit tests', () => {
  it('each zustand store is imported by a unit test in its mirrored folder', () => {
    const stores = storeModules(
      disk,
      filesUnder('renderer', (name) => /\.tsx?$/.test(name)),
    );
    expect(stores.length).toBeGreaterThan(15);
    expect(
      untested(
        stores,
        filesUnder('tests/unit/renderer', (name) => name.endsWith('.test.ts')),
        disk,
      ),
    ).toEqual([]);
  });

  it('finds a store by its create call, and a test by its import of the store', () => {
    const text: Record<string, string> = {
      'renderer/a/aStore.ts': "import { create } from 'zustand';\nexport const useA = create<A>((set) => ({}));\n",
      'renderer/a/bStore.ts': "import { create } from 'zustand';\nexport const useB = create<B>()((set) => ({}));\n",
      'renderer/a/types.ts': "import type { StateCreator } from 'zustand';\n",
      'tests/unit/renderer/a/a.test.ts': "const a = await import('../../../../renderer/a/aStore.js');\n",
      'tests/unit/renderer/b/b.test.ts': "import { useB } from '../../../../renderer/a/bStore.js';\n",
      'tests/unit/renderer/a/typeOnly.test.ts': "import type { useB } from '../../../../renderer/a/bStore.js';\n",
    };
    const read = (file: string) => text[file] ?? '';
    const stores = storeModules(read, Object.keys(text));
    expect(stores).toEqual(['renderer/a/aStore.ts', 'renderer/a/bStore.ts']);
    // bStore's test sits in another folder than its store's; a type import in the right folder loads nothing.
    expect(
      untested(
        stores,
        ['tests/unit/renderer/a/a.test.ts', 'tests/unit/renderer/b/b.test.ts', 'tests/unit/renderer/a/typeOnly.test.ts'],
        read,
      ),
    ).toEqual(['renderer/a/bStore.ts']);
  });
});
