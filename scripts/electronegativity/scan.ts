// One electronegativity scan of some source folders, classified: a finding is either
// reviewed (an `eng-disable CHECK_ID -- reason` comment on its line, which the tool itself
// honours, or a CSP directive accepted in reviewed.ts) or it fails the scan. The tool reads
// .ts/.tsx directly (Babel's TypeScript parser), so the sources are scanned, not the bundle;
// a file it cannot parse is a failure too, since it would otherwise go unscanned.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { evaluateCsp, REPORTED_CSP_SEVERITIES, runElectronegativity, type EngIssue } from './offlineRun.js';
import type { ElectronRelease } from './electronReleases.js';
import { CSP_HEADER_FILE, EXCLUDED_CHECKS, REVIEWED_CSP_FINDINGS } from './reviewed.js';

const RELEASE_CHECK = 'AvailableSecurityFixesGlobalCheck';

export interface ScanOptions {
  /** The folder `paths` are relative to (the repository). */
  root: string;
  /** Folders or files to scan together, so global checks see the whole app. */
  paths: string[];
  /** Extra files put into the scan: name → content. */
  generated?: Record<string, string>;
  electronVersion: string;
  /** Electron's releases, for the release check (a newer patch of the pinned line is a finding). */
  releases?: ElectronRelease[];
}

export interface Finding {
  id: string;
  file: string;
  line: number;
  description: string;
  severity: string;
  sample: string;
}

export interface Review {
  file: string;
  line: number;
  checks: string[];
  reason: string;
}

export interface ScanReport {
  /** Files the tool read, and checks it ran on each. */
  files: number;
  checks: number;
  /** Each one fails the scan. */
  unreviewed: Finding[];
  reviews: Review[];
  /** Also fail the scan: unparsable files, reviews without a reason. */
  problems: string[];
}

const SCANNED = /\.(js|jsx|ts|tsx|html|htm)$|package(-lock)?\.json$/i;
const DISABLE_COMMENT = /(?:\/\/|\/\*|<!--)\s*eng-disable\b(.*)$/;
const MIN_REASON = 10;

export async function scanSources(options: ScanOptions): Promise<ScanReport> {
  // The tool skips any path containing "node_modules", so the copy goes to the OS temp folder.
  const stage = mkdtempSync(join(tmpdir(), 'groundwork-electronegativity-'));
  try {
    for (const path of options.paths) cpSync(join(options.root, path), join(stage, path), { recursive: true });
    for (const [name, content] of Object.entries(options.generated ?? {})) writeFileSync(join(stage, name), content);

    const result = await runElectronegativity({
      input: stage,
      electronVersion: options.electronVersion,
      // Without a releases list the release check has nothing to compare with, so it does not run.
      excludeChecks: [...EXCLUDED_CHECKS.map((c) => c.check), ...(options.releases ? [] : [RELEASE_CHECK])],
      ...(options.releases ? { releases: options.releases } : {}),
    });
    const files = listScanned(stage);
    const problems = result.errors.map((e) => `${relative(stage, e.file)}: could not be parsed, so it was not scanned (${e.message})`);
    const reviews: Review[] = [];
    for (const file of files) {
      const comments = readDisableComments(stage, file);
      for (const c of comments) {
        if (c.reason.length < MIN_REASON)
          problems.push(
            `${c.file}:${c.line}: eng-disable ${c.checks.join(' ')} has no reason; write "-- why this is safe" after the check id`,
          );
        else reviews.push(c);
      }
    }
    const unreviewed: Finding[] = [];
    for (const issue of result.issues) {
      const finding = toFinding(issue);
      const csp = issue.id === 'CSP_GLOBAL_CHECK' && finding.file === CSP_HEADER_FILE ? reviewCsp(finding) : null;
      if (csp && csp.open.length === 0) reviews.push(...csp.accepted);
      else unreviewed.push(csp ? { ...finding, description: `${finding.description}: ${csp.open.join('; ')}` } : finding);
    }
    unreviewed.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.id.localeCompare(b.id));
    return { files: files.length, checks: result.globalChecks + result.atomicChecks, unreviewed, reviews, problems };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

function toFinding(issue: EngIssue): Finding {
  return {
    id: issue.id,
    file: issue.file,
    line: issue.location.line,
    description: issue.description,
    severity: issue.severity.name,
    sample: issue.sample ?? '',
  };
}

/** The CSP finding is reviewed when every directive csp-evaluator objects to is accepted in reviewed.ts. */
function reviewCsp(finding: Finding): { accepted: Review[]; open: string[] } {
  const accepted: Review[] = [];
  const open: string[] = [];
  for (const f of evaluateCsp(finding.sample).filter((f) => REPORTED_CSP_SEVERITIES.has(f.severity))) {
    const review = REVIEWED_CSP_FINDINGS.find((r) => r.directive === f.directive && r.value === f.value);
    if (review)
      accepted.push({
        file: finding.file,
        line: finding.line,
        checks: [`CSP_GLOBAL_CHECK ${f.directive} ${f.value ?? ''}`.trim()],
        reason: review.reason,
      });
    else open.push(`${f.directive} ${f.value ?? ''}: ${f.description}`.trim());
  }
  return { accepted, open };
}

function readDisableComments(stage: string, file: string): Review[] {
  const lines = readFileSync(join(stage, file), 'utf8').split('\n');
  const found: Review[] = [];
  lines.forEach((text, index) => {
    const match = DISABLE_COMMENT.exec(text);
    if (!match) return;
    const body = match[1]!.replace(/\s*(\*\/|-->)\s*$/, '');
    const dash = body.search(/\s--(\s|$)/);
    const ids = dash < 0 ? body : body.slice(0, dash);
    const reason = dash < 0 ? '' : body.slice(dash).replace(/^\s--\s*/, '');
    found.push({
      file,
      line: index + 1,
      checks: ids
        .trim()
        .split(/[\s,]+/)
        .filter(Boolean),
      reason: reason.trim(),
    });
  });
  return found;
}

function listScanned(stage: string): string[] {
  return readdirSync(stage, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SCANNED.test(entry.name))
    .map((entry) => relative(stage, join(entry.parentPath, entry.name)))
    .filter((file) => !file.includes('node_modules'))
    .sort();
}
