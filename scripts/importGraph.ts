// Counts what the house review counts: for each room (electron/, renderer/), the folder arrows
// (folder A imports from folder B), the arrows that run back up (B also reaches A, so the two
// folders form a circle), and the file circles (strongly connected sets of files, type imports
// included). `npm run graph` prints them; `--list` names every circle and arrow that runs back.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

export interface RoomGraph {
  files: Map<string, string[]>;
  /** 'a' → 'b' for folder a importing from folder b (loose files of the room are the folder '.') */
  folderArrows: Set<string>;
  /** folder arrows whose target reaches back to their source */
  backArrows: string[];
  /** file circles: strongly connected sets of two or more files */
  circles: string[][];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => resolve(dirname(file), name).replace(/\.js$/, ''))
    .flatMap((base) => [`${base}.ts`, `${base}.tsx`].filter((p) => known.has(p)));
}

/** Tarjan's strongly connected components of two or more nodes. */
export function stronglyConnected(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let top: string;
      do {
        top = stack.pop()!;
        onStack.delete(top);
        component.push(top);
      } while (top !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

export function roomGraph(room: string): RoomGraph {
  const root = resolve(room);
  const list = sourceFiles(root);
  const known = new Set(list);
  const files = new Map(list.map((f) => [relative(root, f), importsOf(f, known).map((t) => relative(root, t))]));
  const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : '.');
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of files)
    for (const target of targets) {
      const [a, b] = [folderOf(file), folderOf(target)];
      if (a !== b) (folders.get(a) ?? folders.set(a, new Set()).get(a)!).add(b);
    }
  const folderGraph = new Map([...folders].map(([a, bs]) => [a, [...bs]]));
  const folderCircles = stronglyConnected(folderGraph);
  const together = (a: string, b: string) => folderCircles.some((c) => c.includes(a) && c.includes(b));
  const folderArrows = new Set([...folders].flatMap(([a, bs]) => [...bs].map((b) => `${a} → ${b}`)));
  const backArrows = [...folders].flatMap(([a, bs]) => [...bs].filter((b) => together(a, b)).map((b) => `${a} → ${b}`));
  return { files, folderArrows, backArrows, circles: stronglyConnected(files) };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const list = process.argv.includes('--list');
  for (const room of ['electron', 'renderer']) {
    const g = roomGraph(room);
    console.log(
      `${room}/: ${g.files.size} files, ${g.folderArrows.size} folder arrows, ${g.backArrows.length} in folder circles, ` +
        `${g.circles.length} file circles (${g.circles.map((c) => c.length).join(', ') || 'none'} files)`,
    );
    if (list) {
      for (const arrow of g.backArrows) console.log(`  back: ${arrow}`);
      for (const circle of g.circles) console.log(`  circle: ${circle.join(', ')}`);
    }
  }
}
