import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM module of the lint setup, without types
import { layers } from '../../../../scripts/eslint/layers.js';

// The rule on a made-up room: low < (a, b) < top < the files loose at its root.
const linter = new Linter({ cwd: '/repo' });
const config = [
  {
    files: ['**/*.js'],
    plugins: { g: { rules: { layers } } },
    rules: { 'g/layers': ['error', { room: 'app', layers: [['low'], ['a', 'b'], ['top'], ['.']] }] },
  },
] as Linter.Config[];

function problems(file: string, spec: string, form: 'import' | 'export' | 'dynamic' = 'import'): string[] {
  const code =
    form === 'import'
      ? `import { x } from '${spec}';\nexport const y = x;\n`
      : form === 'export'
        ? `export { x } from '${spec}';\n`
        : `export const y = import('${spec}');\n`;
  return linter.verify(code, config, { filename: `/repo/app/${file}` }).map((m) => m.messageId ?? m.message);
}

describe('groundwork/layers', () => {
  it('lets a folder import its own files and the layers below', () => {
    expect(problems('a/x.js', './y.js')).toEqual([]);
    expect(problems('a/deep/x.js', '../y.js')).toEqual([]);
    expect(problems('a/x.js', '../low/y.js')).toEqual([]);
    expect(problems('top/x.js', '../a/y.js')).toEqual([]);
    expect(problems('main.js', './top/y.js')).toEqual([]);
  });

  it('refuses an import from a layer above, in any form', () => {
    expect(problems('low/x.js', '../a/y.js')).toEqual(['up']);
    expect(problems('low/x.js', '../top/y.js', 'export')).toEqual(['up']);
    expect(problems('a/x.js', '../top/y.js', 'dynamic')).toEqual(['up']);
    expect(problems('top/x.js', '../main.js')).toEqual(['up']);
  });

  it('refuses an import between two folders of one layer', () => {
    expect(problems('a/x.js', '../b/y.js')).toEqual(['sideways']);
    expect(problems('b/deep/x.js', '../../a/y.js')).toEqual(['sideways']);
  });

  it('names a folder that is on no layer', () => {
    expect(problems('a/x.js', '../new/y.js')).toEqual(['unlisted']);
    expect(problems('new/x.js', '../low/y.js')).toEqual(['unlisted']);
  });

  it('leaves packages and files outside the room alone', () => {
    expect(problems('low/x.js', 'zustand')).toEqual([]);
    expect(problems('low/x.js', '../../shared/y.js')).toEqual([]);
  });
});
