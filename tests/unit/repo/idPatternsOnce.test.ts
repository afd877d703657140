import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as ids from '../../../shared/ipc/ids.js';

// Each id rule is written once, in shared/ipc/ids.ts, and imported where it is checked. The scan
// reads shared/, electron/ and renderer/ for the text of every pattern ids.ts exports (a RegExp,
// or the pattern of a string schema) without its anchors, so a copy is found whether it is
// written as a literal, as the string of a `new RegExp`, or unanchored.
const ROOT = process.cwd();
const ROOMS = ['shared', 'electron', 'renderer'];
const IDS_FILE = 'shared/ipc/ids.ts';

/** The text of each pattern ids.ts exports, with the names of the exports that check it. */
function idPatterns(): Map<string, string[]> {
  const patterns = new Map<string, string[]>();
  for (const [name, value] of Object.entries(ids)) {
    const source = value instanceof RegExp ? value.source : value instanceof z.ZodType ? z.toJSONSchema(value).pattern : undefined;
    if (source === undefined) continue;
    const text = source.replace(/^\^/, '').replace(/\$$/, '');
    patterns.set(text, [...(patterns.get(text) ?? []), name]);
  }
  return patterns;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|m?js)$/.test(name) ? [path] : [];
  });
}

/** "file: export, …" for each file under `root`'s rooms, other than ids.ts, that holds a pattern's text. */
function copiesIn(root: string, rooms: string[], patterns: Map<string, string[]>): string[] {
  const copies: string[] = [];
  for (const file of rooms.flatMap((room) => sourceFiles(join(root, room)))) {
    const path = relative(root, file).split('\\').join('/');
    if (path === IDS_FILE) continue;
    const text = readFileSync(file, 'utf8');
    for (const [pattern, names] of patterns) if (text.includes(pattern)) copies.push(`${path}: ${names.join(', ')}`);
  }
  return copies;
}

describe('id patterns are written once, in shared/ipc/ids.ts', () => {
  const patterns = idPatterns();

  it('the scan knows the patterns of the workspace, service and schema-key ids and the schemas built on them', () => {
    const names = [...patterns.values()].flat();
    expect(names).toEqual(
      expect.arrayContaining([
        'WORKSPACE_ID_PATTERN',
        'workspaceIdSchema',
        'SERVICE_ID_PATTERN',
        'JOB_ID_PATTERN',
        'jobIdSchema',
        'trainingIdSchema',
        'SCHEMA_KEY_PATTERN',
        'schemaKeySchema',
      ]),
    );
  });

  it('no file of shared/, electron/ or renderer/ writes one again', () => {
    expect(copiesIn(ROOT, ROOMS, patterns)).toEqual([]);
  });

  it('the scan finds a copy however it is written, and passes over a file that imports the pattern', () => {
    const root = mkdtempSync(join(tmpdir(), 'groundwork-ids-'));
    try {
      const files = {
        'literal.ts': 'const trainingId = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);',
        'constructed.ts': "const KEY = new RegExp('^[0-9a-f]{32}$');",
        'unanchored.ts': 'const inPath = /\\/jobs\\/([A-Za-z0-9_-]{1,128})\\//;',
        'imported.ts': "import { SERVICE_ID_PATTERN } from './ids.js';\nSERVICE_ID_PATTERN.test(id);",
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
      expect(copiesIn(root, ['.'], patterns).sort()).toEqual([
        'constructed.ts: SCHEMA_KEY_PATTERN, schemaKeySchema',
        'literal.ts: SERVICE_ID_PATTERN, trainingIdSchema',
        'unanchored.ts: SERVICE_ID_PATTERN, trainingIdSchema',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
