// Moves source files and keeps every import true: `npm run move -- old.ts new.ts [old2 new2 …]`.
// Each moved source file takes its mirrored unit tests along (tests/unit/<room>/…/<name>[.aspect].test.ts),
// every relative import in the repository that reached a moved file (or that a moved file makes)
// is rewritten, and root-relative paths written in strings ('electron/x/y.ts') follow too.
// Files move with `git mv`, so history follows them.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';

const ROOT = process.cwd();
const SKIP = new Set(['node_modules', 'dist', '.git', 'test-results', 'release', 'playwright-report', '.ci']);
const CODE = /\.(tsx?|m?js|cjs)$/;
const TEXT = /\.(tsx?|m?js|cjs|json|ya?ml|md)$/;
const ROOMS: Record<string, string> = { electron: 'electron', renderer: 'renderer', shared: 'shared', scripts: 'scripts' };

function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? walk(path) : TEXT.test(entry.name) ? [path] : [];
  });
}

/** The mirrored unit tests of a source file, with where they go when it moves. */
function testsOf(from: string, to: string, files: string[]): [string, string][] {
  const [room, ...rest] = from.split('/');
  if (ROOMS[room!] === undefined) return [];
  const [toRoom, ...toRest] = to.split('/');
  const base = posix.basename(from).replace(/\.(tsx?|m?js)$/, '');
  const toBase = posix.basename(to).replace(/\.(tsx?|m?js)$/, '');
  const dir = posix.join('tests/unit', room!, ...rest.slice(0, -1));
  const toDir = posix.join('tests/unit', toRoom!, ...toRest.slice(0, -1));
  return files
    .filter((f) => posix.dirname(f) === dir)
    .map((f) => posix.basename(f))
    .filter((name) => name.startsWith(`${base}.`) && /\.test\.tsx?$/.test(name))
    .map((name) => [posix.join(dir, name), posix.join(toDir, toBase + name.slice(base.length))]);
}

const SPEC = /((?:\bfrom|\bimport|\brequire\(|\bvi\.mock\(|\bimportActual(?:<[^>]*>)?\(|\bnew URL\()\s*\(?\s*)(['"])(\.{1,2}\/[^'"\n]+)\2/g;

function resolveSpec(from: string, spec: string, known: Set<string>): string | undefined {
  const path = posix.normalize(posix.join(posix.dirname(from), spec));
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx'), `${path}.ts`, `${path}.tsx`, `${path}/index.ts`];
  return candidates.find((p) => known.has(p));
}

export function moveModules(pairs: [string, string][]): void {
  const files = walk('');
  const known = new Set(files);
  const moves = new Map<string, string>();
  for (const [from, to] of pairs) {
    if (!known.has(from)) throw new Error(`${from}: no such file`);
    moves.set(from, to);
    for (const [t, tTo] of testsOf(from, to, files)) moves.set(t, tTo);
  }
  const where = (f: string) => moves.get(f) ?? f;
  const rewritten = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    let next = text;
    if (CODE.test(file)) {
      next = next.replace(SPEC, (all, head: string, quote: string, spec: string) => {
        const target = resolveSpec(file, spec, known);
        if (target === undefined || (!moves.has(target) && !moves.has(file))) return all;
        const newTarget = where(target);
        const newFile = where(file);
        const stripped = spec.replace(/\.(js|tsx?)$/, '');
        const ext = spec.slice(stripped.length);
        let rel = posix.relative(posix.dirname(newFile), newTarget.replace(/\.(tsx?|js)$/, '')) + (ext === '.js' ? '.js' : ext);
        if (target.endsWith('/index.ts') && !spec.includes('index')) rel = posix.dirname(rel);
        if (!rel.startsWith('.')) rel = `./${rel}`;
        return `${head}${quote}${rel}${quote}`;
      });
    }
    for (const [from, to] of moves) if (next.includes(from)) next = next.split(from).join(to);
    if (next !== text || moves.has(file)) rewritten.set(file, next);
  }
  for (const [from, to] of moves) {
    mkdirSync(dirname(join(ROOT, to)), { recursive: true });
    if (existsSync(join(ROOT, to))) throw new Error(`${to}: already exists`);
    execFileSync('git', ['mv', from, to]);
  }
  for (const [file, text] of rewritten) writeFileSync(join(ROOT, where(file)), text);
  console.log(`moved ${moves.size} files, rewrote ${[...rewritten.keys()].filter((f) => !moves.has(f)).length} others`);
}

const args = process.argv.slice(2);
if (args.length % 2 !== 0 || args.length === 0) {
  console.error('usage: npm run move -- <from> <to> [<from> <to> …]');
  process.exit(2);
}
const pairs: [string, string][] = [];
for (let i = 0; i < args.length; i += 2) pairs.push([args[i]!, args[i + 1]!]);
moveModules(pairs);
