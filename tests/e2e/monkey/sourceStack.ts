import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, relative, resolve } from 'node:path';

const ASSETS = join(process.cwd(), 'dist', 'renderer', 'assets');
const maps = new Map<string, SourceMap | null>();

function mapFor(asset: string): SourceMap | null {
  if (!maps.has(asset)) {
    try {
      maps.set(asset, new SourceMap(JSON.parse(readFileSync(join(ASSETS, `${asset}.map`), 'utf8'))));
    } catch {
      maps.set(asset, null);
    }
  }
  return maps.get(asset)!;
}

/**
 * Rewrites the built bundle's positions in a stack (…/assets/index-XYZ.js:182:165116) to the
 * renderer source they came from (renderer/viewer/PdfPage.tsx:41:20), with vite's source maps,
 * so a failure names the file and line to look at.
 */
export function toSourcePositions(text: string): string {
  return text.replace(/https?:\/\/[^\s)]+\/assets\/([\w.-]+\.m?js):(\d+):(\d+)/g, (whole, asset: string, line: string, column: string) => {
    const origin = mapFor(asset)?.findOrigin(Number(line), Number(column));
    if (!origin || !('fileName' in origin)) return whole;
    const file = origin.fileName.replace(/^file:\/\//, '');
    // node_modules may be a link to another checkout; its packages are named from node_modules/ on.
    const shown = relative(process.cwd(), resolve(ASSETS, file)).replace(/^(\.\.\/)+[^/]+\/node_modules\//, 'node_modules/');
    return `${shown}:${origin.lineNumber}:${origin.columnNumber}`;
  });
}
