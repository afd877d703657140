import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The main process keeps JSON on disk one way: a folder of entries through JsonDirStore, one
// file through JsonFileStore. The scan below reads electron/ for any other file that writes
// JSON: a call to a file-writing function whose arguments build JSON or name a .json file,
// or a file that both writes files and calls JSON.stringify (JSON built into a variable first).
const ELECTRON = join(process.cwd(), 'electron');
const WRITE_CALL = /\b(writeFileAtomic|writeFileSync|writeFile|appendFileSync|appendFile|createWriteStream)\s*\(/g;
const BUILDS_JSON = /JSON\.stringify|\.json\b/;

/** Each file allowed to write JSON itself, with how many write calls of it build JSON, and why. */
const ALLOWED: Record<string, { jsonCalls: number; why: string }> = {
  'storage/jsonDirStore.ts': { jsonCalls: 0, why: 'the store of folders of JSON entries' },
  'storage/jsonFileStore.ts': { jsonCalls: 1, why: 'the store of one JSON file (settings, datasets)' },
  'workspace/catalog.ts': { jsonCalls: 1, why: 'catalog.jsonl: one file, written with the folders stamp it describes' },
  'workspace/workspace.ts': { jsonCalls: 1, why: "results/<id>.json: a service's response verbatim, read back as text, never listed" },
  'core/log.ts': { jsonCalls: 0, why: 'appends JSON lines to one log file' },
  'storage/chainedTrail.ts': {
    jsonCalls: 1,
    why: 'the audit trails (audit/<document>.jsonl, audit/rules.jsonl): appends JSON lines, never rewritten, synced per append; <trail>.head, one small file naming the newest line',
  },
  'search/searchIndex.ts': { jsonCalls: 0, why: 'search/index.json: one file, a copy of the results built again when it cannot be read' },
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The text between the parenthesis at `open` and the one that closes it. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** Files under `root` that write JSON, with the number of their write calls that build it. */
function jsonWriters(root: string): Record<string, number> {
  const writers: Record<string, number> = {};
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|\s)\/\/.*$/gm, '$1');
    const calls = [...text.matchAll(WRITE_CALL)].map((m) => argumentsAt(text, m.index + m[0].length - 1));
    if (calls.length === 0) continue;
    const jsonCalls = calls.filter((args) => BUILDS_JSON.test(args)).length;
    if (jsonCalls > 0 || text.includes('JSON.stringify')) writers[relative(root, file).split('\\').join('/')] = jsonCalls;
  }
  return writers;
}

describe('one store for JSON folders', () => {
  it('the former per-folder stores are gone', () => {
    for (const former of ['jobs/batchStore.ts', 'jobs/createIntentStore.ts', 'jobs/jobRecordStore.ts'])
      expect(existsSync(join(ELECTRON, former))).toBe(false);
  });

  it('no file under electron/ writes JSON by itself, except the stores and the single files listed with a reason', () => {
    const allowed = Object.fromEntries(Object.entries(ALLOWED).map(([file, { jsonCalls }]) => [file, jsonCalls]));
    expect(jsonWriters(ELECTRON)).toEqual(allowed);
  });

  it('the scan finds a JSON write however it is spelled, and passes over writes of bytes', () => {
    const root = mkdtempSync(join(tmpdir(), 'groundwork-scan-'));
    try {
      const files = {
        'inline.ts': 'await writeFileAtomic(join(dir, `${id}.json`), JSON.stringify(value, null, 2));',
        'named.ts': "await writeFile(join(dir, id + '.json'), text);",
        'variable.ts': 'const text = JSON.stringify(value);\nawait handle.writeFile(text);',
        'bytes.ts': "await writeFileAtomic(join(dir, 'original'), bytes); // not JSON.stringify",
        'readsOnly.ts': 'JSON.parse(await readFile(path, "utf8")); JSON.stringify(x);',
      };
      for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
      expect(jsonWriters(root)).toEqual({ 'inline.ts': 1, 'named.ts': 1, 'variable.ts': 0 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
