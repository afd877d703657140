import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Whoever clones the repository has only the repository: no comment, doc or script may send
// them to notes that live beside it, and every rule id the code cites is explained in
// docs/contracts.md. An entry headed "(documentation only)" is one no code cites.

const THIS_PATH = fileURLToPath(import.meta.url);
/** The nearest folder above this file that holds package.json (wherever the test is moved). */
const root = (function repoRoot(dir: string): string {
  return existsSync(resolve(dir, 'package.json')) || dirname(dir) === dir ? dir : repoRoot(dirname(dir));
})(dirname(THIS_PATH));
const CONTRACTS = 'docs/contracts.md';
const THIS_FILE = relative(root, THIS_PATH).split(sep).join('/');
const SKIPPED = new Set(['package-lock.json', THIS_FILE]);
const CODE = new Set(['.ts', '.tsx', '.js', '.mjs', '.cjs', '.css']);

/** The files git tracks; in a copy without git (a source archive), every file .gitignore does not exclude. */
function trackedPaths(): string[] {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\0')
      .filter(Boolean);
  } catch {
    const ignored = readFileSync(resolve(root, '.gitignore'), 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map(
        (glob) =>
          new RegExp(
            `(^|/)${glob
              .replace(/\/$/, '')
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')}(/|$)`,
          ),
      );
    const walk = (dir: string): string[] =>
      readdirSync(resolve(root, dir), { withFileTypes: true }).flatMap((entry) => {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.name === '.git' || ignored.some((pattern) => pattern.test(path))) return [];
        return entry.isDirectory() ? walk(path) : entry.isFile() ? [path] : [];
      });
    return walk('');
  }
}

/** Tracked files that are text: binaries (a NUL byte near the start) and lockfiles are skipped. */
function trackedText(): { path: string; text: string }[] {
  return trackedPaths().flatMap((path) => {
    if (SKIPPED.has(path)) return [];
    let bytes: Buffer;
    try {
      bytes = readFileSync(resolve(root, path));
    } catch {
      return []; // deleted in the work tree, not yet committed
    }
    return bytes.subarray(0, 8000).includes(0) ? [] : [{ path, text: bytes.toString('utf8') }];
  });
}

/** What a reader sees as prose: the comments of code, the whole of any other text file. */
function prose(path: string, text: string): string {
  if (!CODE.has(extname(path))) return text;
  return (text.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g) ?? []).join('\n');
}

/** References a clone cannot follow, each as the text found. Relative paths are judged in prose only: a path in code may be relative to something other than its file (vite's root). */
const OUTSIDE: { what: string; find: (path: string, text: string) => string[] }[] = [
  {
    what: 'a relative path that leaves the repository',
    find: (path, text) =>
      [...prose(path, text).matchAll(/(?:\.\.\/)+[\w.@-]+(?:\/[\w.@-]+)*/g)]
        .map((m) => m[0])
        .filter((ref) => relative(root, resolve(root, dirname(path), ref)).startsWith('..')),
  },
  { what: 'an absolute path to the machine it was written on', find: (_, text) => text.match(/\/work\/[\w.-]+/g) ?? [] },
  {
    what: 'a design note kept outside docs/',
    find: (_, text) => (text.match(/(?:[\w./-]*\/)?DESIGN\.md/g) ?? []).filter((ref) => !/(^|\/)docs\/DESIGN\.md$/.test(ref)),
  },
  { what: 'the contract notes folder', find: (_, text) => text.match(/\bseeds\//g) ?? [] },
  { what: 'a contract note by number', find: (_, text) => text.match(/\bseed 0\d\d\b/gi) ?? [] },
  { what: 'a numbered section of a note', find: (_, text) => text.match(/§\s*\d[\d.–-]*/g) ?? [] },
  { what: 'an issue by number', find: (_, text) => text.match(/\bissue(?: item)? #?\d+|\bthe issue "/gi) ?? [] },
];

/** `family.area.rule` (keys' ids are `keys.rule`); a file name such as `keys.ts` is not one. */
const RULE_ID = /(?<![\w./-])(?:v1|v2|analyzer|keys)(?:\.[a-z0-9-]+)+(?!\.?[\w/-])(?<!\.(?:ts|tsx|js|mjs|json|md))/g;

interface Entry {
  id: string;
  documentationOnly: boolean;
}

/** The entries of docs/contracts.md: `### \`family.area.rule\`` headings, optionally "(documentation only)". */
function contractEntries(): Entry[] {
  const text = readFileSync(resolve(root, CONTRACTS), 'utf8');
  return [...text.matchAll(/^#{3,4} `([^`]+)`( \(documentation only\))?\s*$/gm)].map((m) => ({
    id: m[1]!,
    documentationOnly: m[2] !== undefined,
  }));
}

/** Rule ids cited outside docs/, with the files citing each. */
function citations(files: { path: string; text: string }[]): Map<string, string[]> {
  const cited = new Map<string, string[]>();
  for (const { path, text } of files) {
    if (path.startsWith('docs/')) continue;
    for (const [id] of prose(path, text).matchAll(RULE_ID)) cited.set(id, [...(cited.get(id) ?? []), path]);
  }
  return cited;
}

describe('the repository explains itself', () => {
  const files = trackedText();

  it('has no reference to a path or note outside the repository', () => {
    const found = files.flatMap(({ path, text }) =>
      OUTSIDE.flatMap(({ what, find }) => find(path, text).map((ref) => `${path}: ${what}: ${ref}`)),
    );
    expect(found).toEqual([]);
  });

  it('explains every rule id the code cites in docs/contracts.md', () => {
    const known = new Set(contractEntries().map((entry) => entry.id));
    const unknown = [...citations(files)].filter(([id]) => !known.has(id)).map(([id, paths]) => `${id} (${paths.join(', ')})`);
    expect(unknown).toEqual([]);
  });

  it('cites every entry of docs/contracts.md, unless it is marked documentation only', () => {
    const entries = contractEntries();
    expect(entries.length).toBeGreaterThan(20);
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    const cited = citations(files);
    expect(entries.filter((e) => !e.documentationOnly && !cited.has(e.id)).map((e) => `${e.id}: cited nowhere`)).toEqual([]);
    expect(
      entries.filter((e) => e.documentationOnly && cited.has(e.id)).map((e) => `${e.id}: cited in ${cited.get(e.id)!.join(', ')}`),
    ).toEqual([]);
  });

  it('finds what it looks for', () => {
    const hits = (path: string, text: string) => OUTSIDE.flatMap(({ find }) => find(path, text));
    expect(hits('README.md', 'see ../shared/DESIGN.md')).toHaveLength(2);
    expect(hits('electron/api/auth.ts', "import x from '../../shared/errors.js'")).toEqual([]);
    expect(hits('shared/a.ts', 'as seed 000 §4.2 says')).toEqual(['seed 000', '§4.2']);
    expect(hits('tests/a.ts', 'Issue 9, "Faults"')).toEqual(['Issue 9']);
    expect(hits('docs/architecture.md', 'docs/DESIGN.md')).toEqual([]);
    const ids = (path: string, text: string) => [...prose(path, text).matchAll(RULE_ID)].map((m) => m[0]);
    expect(ids('a.ts', 'const x = v2.data.code; // v2.jobs.id-format: older ids too')).toEqual(['v2.jobs.id-format']);
    expect(ids('a.md', 'See shared/keys.ts and keys.test.ts; keys.destination says where.')).toEqual(['keys.destination']);
  });
});
