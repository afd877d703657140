import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The pinned runtimes must still get security fixes. The table is kept in the repo
// (runtime-support.json); this fails on the first day past a date, saying what to upgrade.

interface SupportTable {
  electron: Record<string, { endOfSupport: string; node: number }>;
  node: Record<string, { endOfLife: string }>;
  'pdfjs-dist': { minimum: string; why: string };
}

const table = JSON.parse(readFileSync('runtime-support.json', 'utf8')) as SupportTable;
const versionOf = (pkg: string): string =>
  (JSON.parse(readFileSync(`node_modules/${pkg}/package.json`, 'utf8')) as { version: string }).version;
const major = (version: string): string => version.replace(/^v/, '').split('.')[0]!;
const today = new Date().toISOString().slice(0, 10);

/** Compares dotted versions numerically: negative, zero or positive. */
function compareVersions(a: string, b: string): number {
  const [x, y] = [a.split('.').map(Number), b.split('.').map(Number)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

describe('the pinned runtimes are supported today', () => {
  const electron = versionOf('electron');
  const entry = table.electron[major(electron)];

  it(`Electron ${electron} still gets security fixes`, () => {
    expect(entry, `Electron ${major(electron)} is not in runtime-support.json: add its end-of-support date`).toBeDefined();
    expect(
      today <= entry!.endOfSupport,
      `Electron ${major(electron)} reached end of support on ${entry!.endOfSupport}: upgrade electron in package.json to a supported major`,
    ).toBe(true);
  });

  it(`the tests run on the Node major that Electron ${major(electron)} runs in main (${process.version})`, () => {
    expect(
      Number(major(process.version)),
      `Electron ${major(electron)} runs Node ${entry?.node}; run the tests on it (.ci/run installs it)`,
    ).toBe(entry?.node);
  });

  it(`Node ${process.version} has not reached end of life`, () => {
    const node = table.node[major(process.version)];
    expect(node, `Node ${major(process.version)} is not in runtime-support.json`).toBeDefined();
    expect(
      today <= node!.endOfLife,
      `Node ${major(process.version)} reached end of life on ${node!.endOfLife}: move to a supported Node (and the Electron that runs it)`,
    ).toBe(true);
  });

  it('package.json requires at least that Node', () => {
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe(`>=${entry?.node}`);
  });

  it(`pdfjs-dist ${versionOf('pdfjs-dist')} is at or past ${table['pdfjs-dist'].minimum}`, () => {
    expect(compareVersions(versionOf('pdfjs-dist'), table['pdfjs-dist'].minimum), table['pdfjs-dist'].why).toBeGreaterThanOrEqual(0);
  });
});
