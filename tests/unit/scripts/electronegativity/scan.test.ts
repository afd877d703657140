import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../../electron/core/csp.js';
import { installedElectronVersion } from '../../../../scripts/electronegativity/offlineRun.js';
import { releasesFrom } from '../../../../scripts/electronegativity/electronReleases.js';
import { CSP_HEADER_FILE } from '../../../../scripts/electronegativity/reviewed.js';
import { scanSources, type ScanReport } from '../../../../scripts/electronegativity/scan.js';

// The scan `npm run lint:electron` runs, pointed at fixtures: it must fail on a known-bad
// window, on a weakened copy of our real window, on a review without a reason, on a file it
// cannot parse and on a weak CSP; and pass what has been reviewed properly.
const roots: string[] = [];
const electronVersion = installedElectronVersion();

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

async function scan(files: Record<string, string>, generated?: Record<string, string>): Promise<ScanReport> {
  const root = mkdtempSync(join(tmpdir(), 'groundwork-eng-fixture-'));
  roots.push(root);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return scanSources({ root, paths: Object.keys(files), ...(generated ? { generated } : {}), electronVersion });
}

const idsIn = (report: ScanReport, file: string) => report.unreviewed.filter((f) => f.file === file).map((f) => f.id);

describe('electronegativity scan (npm run lint:electron)', () => {
  it('fails on a window with Node integration and no isolation, naming file and line', async () => {
    const report = await scan({
      'src/main.ts': [
        "import { BrowserWindow } from 'electron';",
        'export function open(): BrowserWindow {',
        '  return new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false } });',
        '}',
        '',
      ].join('\n'),
    });
    expect(report.problems).toEqual([]);
    expect(report.unreviewed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'NODE_INTEGRATION_JS_CHECK', file: 'src/main.ts', line: 3 }),
        expect.objectContaining({ id: 'CONTEXT_ISOLATION_JS_CHECK', file: 'src/main.ts', line: 3 }),
      ]),
    );
  });

  const windowFile = 'electron/shell/window.ts';
  const realWindow = readFileSync(windowFile, 'utf8');

  it('reads the real window.ts (TypeScript, not the bundle): nothing unreviewed in it as written', async () => {
    const report = await scan({ [windowFile]: realWindow });
    expect(report.problems).toEqual([]);
    expect(idsIn(report, windowFile)).toEqual([]);
    expect(report.reviews.map((r) => r.checks[0])).toEqual(['PRELOAD_JS_CHECK', 'OPEN_EXTERNAL_JS_CHECK']);
  });

  // Not in the table: nodeIntegration. Electronegativity 1.10.3's NodeIntegrationJSCheck drops
  // its findings whenever the options have a `sandbox` key at all (true or false), so it cannot
  // see that line in our window; window.test.ts pins `nodeIntegration: false` literally.
  it.each([
    ['contextIsolation: false', [['contextIsolation: true', 'contextIsolation: false']], 'CONTEXT_ISOLATION_JS_CHECK'],
    ['sandbox: false', [['sandbox: true', 'sandbox: false']], 'SANDBOX_JS_CHECK'],
    ['webSecurity: false', [['webSecurity: true', 'webSecurity: false']], 'WEB_SECURITY_JS_CHECK'],
    [
      'allowRunningInsecureContent: true',
      [['allowRunningInsecureContent: false', 'allowRunningInsecureContent: true']],
      'INSECURE_CONTENT_JS_CHECK',
    ],
    ['experimentalFeatures: true', [['experimentalFeatures: false', 'experimentalFeatures: true']], 'EXPERIMENTAL_FEATURES_JS_CHECK'],
    ['Auxclick left enabled', [["disableBlinkFeatures: 'Auxclick'", "disableBlinkFeatures: ''"]], 'AUXCLICK_JS_CHECK'],
  ])('catches the real window.ts with %s', async (_name, edits, check) => {
    let source = realWindow;
    for (const [from, to] of edits as [string, string][]) {
      expect(source).toContain(from);
      source = source.replace(from, to);
    }
    const report = await scan({ [windowFile]: source });
    expect(idsIn(report, windowFile)).toContain(check);
  });

  it('accepts a review only with a reason', async () => {
    const source = (comment: string) =>
      `import { shell } from 'electron';\nexport const go = (url: string) => shell.openExternal(url); ${comment}\n`;
    const bare = await scan({ 'src/a.ts': source('// eng-disable OPEN_EXTERNAL_JS_CHECK') });
    expect(bare.problems).toEqual([expect.stringContaining('src/a.ts:2: eng-disable OPEN_EXTERNAL_JS_CHECK has no reason')]);

    const reasoned = await scan({
      'src/a.ts': source('/* eng-disable OPEN_EXTERNAL_JS_CHECK -- the caller passes only checked https URLs */'),
    });
    expect(reasoned.problems).toEqual([]);
    expect(idsIn(reasoned, 'src/a.ts')).toEqual([]);
    expect(reasoned.reviews).toEqual([
      { file: 'src/a.ts', line: 2, checks: ['OPEN_EXTERNAL_JS_CHECK'], reason: 'the caller passes only checked https URLs' },
    ]);

    const unrelated = await scan({ 'src/a.ts': source('// eng-disable DANGEROUS_FUNCTIONS_JS_CHECK -- a review of another check') });
    expect(idsIn(unrelated, 'src/a.ts')).toContain('OPEN_EXTERNAL_JS_CHECK');
  });

  it('fails on a file it cannot parse, which would otherwise go unscanned', async () => {
    const report = await scan({ 'src/broken.ts': 'export const x = (;\n' });
    expect(report.problems).toEqual([expect.stringContaining('src/broken.ts: could not be parsed')]);
  });

  it("grades the app's CSP header: ours passes with its reviewed directive, an unsafe-inline one fails", async () => {
    const header = (policy: string) => ({ [CSP_HEADER_FILE]: `<meta http-equiv="Content-Security-Policy" content="${policy}">\n` });
    const ours = await scan({ 'src/empty.ts': 'export {};\n' }, header(CONTENT_SECURITY_POLICY));
    expect(ours.unreviewed.filter((f) => f.id === 'CSP_GLOBAL_CHECK')).toEqual([]);
    expect(ours.reviews).toEqual([expect.objectContaining({ file: CSP_HEADER_FILE, checks: ["CSP_GLOBAL_CHECK script-src 'self'"] })]);

    const weak = await scan(
      { 'src/empty.ts': 'export {};\n' },
      header(CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'")),
    );
    expect(weak.unreviewed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'CSP_GLOBAL_CHECK', description: expect.stringContaining("script-src 'unsafe-inline'") }),
      ]),
    );

    const none = await scan({ 'src/empty.ts': 'export {};\n' });
    expect(none.unreviewed).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'CSP_GLOBAL_CHECK', file: 'N/A' })]));
  });

  it('its release check fails on an Electron line with a newer patch, and passes the newest', async () => {
    const releases = releasesFrom(['41.7.1', '41.7.2', '45.4.0', '45.4.1'], { latest: '45.4.1' });
    const pkg = (electron: string) => JSON.stringify({ name: 'fixture', devDependencies: { electron } });
    const stale = await scanSourcesWith({ 'package.json': pkg('^41.7.1'), 'src/empty.ts': 'export {};\n' }, releases);
    expect(stale.unreviewed.map((f) => f.id)).toContain('AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK');
    const current = await scanSourcesWith({ 'package.json': pkg('^45.4.1'), 'src/empty.ts': 'export {};\n' }, releases);
    expect(current.unreviewed.map((f) => f.id)).not.toContain('AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK');
  });
});

async function scanSourcesWith(files: Record<string, string>, releases: ReturnType<typeof releasesFrom>): Promise<ScanReport> {
  const root = mkdtempSync(join(tmpdir(), 'groundwork-eng-fixture-'));
  roots.push(root);
  mkdirSync(join(root, 'src'), { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content);
  return scanSources({ root, paths: Object.keys(files), electronVersion, releases });
}
