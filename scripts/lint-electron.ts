// `npm run lint:electron`: @doyensec/electronegativity over electron/, renderer/ and
// package.json's scripts, pinned to the installed Electron, with its release check fed from
// the npm registry (a newer patch of our Electron line is a finding). Fails, listing them,
// on findings nobody reviewed (see scripts/electronegativity/); under `npm run trust` it
// also writes one trust row.
import { CONTENT_SECURITY_POLICY } from '../electron/core/csp';
import { recordTrustRow } from '../tests/trust/trustReport';
import { electronReleasesFromRegistry } from './electronegativity/electronReleases';
import { installedElectronVersion } from './electronegativity/offlineRun';
import { CSP_HEADER_FILE } from './electronegativity/reviewed';
import { scanSources } from './electronegativity/scan';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const electronVersion = installedElectronVersion();
const registry = electronReleasesFromRegistry();
// A build box without the registry still scans; it says plainly that the release check could not run.
const releaseCheck =
  'releases' in registry
    ? `release check against ${registry.releases.length} releases from the npm registry`
    : `release check NOT run: ${registry.unavailable}`;
const report = await scanSources({
  root: process.cwd(),
  paths: ['electron', 'renderer', 'package.json'],
  generated: {
    [CSP_HEADER_FILE]: `<!doctype html>\n<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(CONTENT_SECURITY_POLICY)}">\n`,
  },
  electronVersion,
  ...('releases' in registry ? { releases: registry.releases } : {}),
});

console.log(`electronegativity: ${report.files} files × ${report.checks} checks, Electron ${electronVersion}, ${releaseCheck}`);
for (const review of report.reviews) console.log(`  reviewed ${review.file}:${review.line} ${review.checks.join(' ')}: ${review.reason}`);
for (const problem of report.problems) console.error(`  PROBLEM ${problem}`);
for (const f of report.unreviewed) {
  console.error(`  UNREVIEWED ${f.id} (${f.severity}) ${f.file}:${f.line}: ${f.description}${f.sample ? `\n      ${f.sample}` : ''}`);
}
const failures = report.unreviewed.length + report.problems.length;
if (failures > 0) {
  console.error(
    `\nelectronegativity: ${report.unreviewed.length} unreviewed finding(s), ${report.problems.length} other problem(s). ` +
      'Fix the code, or, where it is safe, add `// eng-disable CHECK_ID -- why it is safe` on the line the finding names.',
  );
} else {
  console.log(`electronegativity: no unreviewed findings (${report.reviews.length} reviewed)`);
}
recordTrustRow({
  check: 'electron hardening (electronegativity)',
  cases: report.files * report.checks,
  failures,
  note: `${report.files} files × ${report.checks} checks; ${report.reviews.length} reviewed; ${'releases' in registry ? 'release check on' : 'release check not run (no registry)'}`,
});
process.exit(failures > 0 ? 1 : 0);
