// Runs @doyensec/electronegativity (programmatic API) without its own network access. The tool
// reaches the internet in two places, both through `got`: translations from S3 at start-up,
// and GitHub's list of Electron releases (AvailableSecurityFixesGlobalCheck). `got` is
// replaced in the require cache, before the tool loads, by a stand-in that answers the
// releases list from what the caller passes (electronReleases.ts reads it from the npm
// registry) and 404 to everything else, recording each URL.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { ElectronRelease } from './electronReleases.js';

export interface EngSeverity {
  value: number;
  name: string;
}

/** One finding, as the tool's programmatic API returns it. */
export interface EngIssue {
  file: string;
  sample?: string;
  location: { line: number; column: number };
  id: string;
  description: string;
  severity: EngSeverity;
  confidence: EngSeverity;
  manualReview: boolean;
}

export interface EngResult {
  globalChecks: number;
  atomicChecks: number;
  /** Files the tool could not parse (tolerable = parsed with warnings). */
  errors: { file: string; message: string; tolerable: boolean }[];
  issues: EngIssue[];
}

export interface EngOptions {
  input: string;
  electronVersion: string;
  /** Check names (class names) to skip. */
  excludeChecks: string[];
  /** Electron's releases for the release check; without them it finds nothing to compare. */
  releases?: ElectronRelease[];
}

interface EngOptionsRaw {
  input: string;
  electronVersionOverride: string;
  excludeFromScan: string[];
  isRelative: boolean;
}

const require = createRequire(import.meta.url);
const packageJson = require.resolve('@doyensec/electronegativity/package.json');
const toolRequire = createRequire(packageJson);

/** URLs the tool tried to fetch; answered without touching the network. */
export const refusedUrls: string[] = [];
let servedReleases: ElectronRelease[] | null = null;

function offlineGot(url: unknown): Promise<{ statusCode: number; body: unknown; headers: Record<string, string> }> {
  if (servedReleases && /electron\/releases\/.*index\.json$/.test(String(url))) {
    // The tool caches the list under its 40-hex ETag and refetches when the ETag changes.
    const etag = createHash('sha1').update(JSON.stringify(servedReleases)).digest('hex');
    return Promise.resolve({ statusCode: 200, body: servedReleases, headers: { etag: `"${etag}"` } });
  }
  refusedUrls.push(String(url));
  return Promise.resolve({ statusCode: 404, body: '', headers: {} });
}
offlineGot.head = offlineGot;

let runner: ((options: EngOptionsRaw) => Promise<EngResult>) | null = null;

function loadRunner(): (options: EngOptionsRaw) => Promise<EngResult> {
  if (runner) return runner;
  const gotPath = toolRequire.resolve('got');
  toolRequire.cache[gotPath] = {
    id: gotPath,
    filename: gotPath,
    loaded: true,
    exports: { __esModule: true, default: offlineGot },
  } as unknown as NodeJS.Module;
  type Run = (options: EngOptionsRaw) => Promise<EngResult>;
  // Babel's add-module-exports makes the CommonJS export the function itself.
  const loaded = toolRequire(dirname(packageJson)) as Run | { default: Run };
  runner = typeof loaded === 'function' ? loaded : loaded.default;
  return runner;
}

export function runElectronegativity(options: EngOptions): Promise<EngResult> {
  servedReleases = options.releases ?? null;
  return loadRunner()({
    input: options.input,
    electronVersionOverride: options.electronVersion,
    excludeFromScan: options.excludeChecks.map((name) => name.toLowerCase()),
    isRelative: true,
  });
}

/** The Electron the app is built with: the installed package, not a semver range. */
export function installedElectronVersion(): string {
  const { version } = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string };
  return version;
}

export interface CspFinding {
  severity: number;
  directive: string;
  value?: string;
  description: string;
}

/** The CSP evaluator behind the tool's CSP_GLOBAL_CHECK; its findings say which directive is weak. */
export function evaluateCsp(policy: string): CspFinding[] {
  const csp = toolRequire('@doyensec/csp-evaluator') as {
    CspParser: new (policy: string) => { csp: unknown };
    CspEvaluator: new (csp: unknown, version: unknown) => { evaluate(): CspFinding[] };
    Version: { CSP3: unknown };
  };
  return new csp.CspEvaluator(new csp.CspParser(policy).csp, csp.Version.CSP3).evaluate();
}

/** csp-evaluator severities worth a look: HIGH, SYNTAX, MEDIUM and the "maybe"s (CSP_GLOBAL_CHECK reports all but SYNTAX). */
export const REPORTED_CSP_SEVERITIES = new Set([10, 20, 30, 40, 50]);
