import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// `npm run typecheck` checks each room with its own tsconfig; the strict options hold only
// if every room still takes them from the root.
const ROOMS = ['shared', 'renderer', 'electron', 'tests'];

function effectiveOptions(file: string): ts.CompilerOptions {
  const read = ts.readConfigFile(file, ts.sys.readFile);
  expect(read.error).toBeUndefined();
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(path.resolve(file))).options;
}

describe('tsconfig rooms', () => {
  it('the root turns on exactOptionalPropertyTypes', () => {
    expect(effectiveOptions('tsconfig.json').exactOptionalPropertyTypes).toBe(true);
  });

  it.each(ROOMS)('%s extends the root and keeps exactOptionalPropertyTypes on', (room) => {
    const file = `${room}/tsconfig.json`;
    expect(ts.readConfigFile(file, ts.sys.readFile).config.extends).toBe('../tsconfig.json');
    expect(effectiveOptions(file)).toMatchObject({ strict: true, exactOptionalPropertyTypes: true });
  });

  it('typecheck checks every room', () => {
    // In any order: the script starts the longest checks first.
    const listed = /const rooms = \[([^\]]*)\];/.exec(readFileSync('scripts/typecheck.mjs', 'utf8'))?.[1] ?? '';
    expect(
      listed
        .split(',')
        .map((r) => r.trim().replace(/'/g, ''))
        .sort(),
    ).toEqual([...ROOMS].sort());
  });
});
