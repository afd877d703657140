// `npm run lint:electron`: @doyensec/electronegativity over electron/, renderer/ and
// package.json's scripts, offline and pinned to the installed Electron. Fails, listing them,
// on findings nobody reviewed (see scripts/electronegativity/); under `npm run trust` it
// also writes one trust row.
import { CONTENT_SECURITY_POLICY } from '../electron/csp';
import { recordTrustRow } from '../tests/trust/trustReport';
import { installedElectronVersion } from './electronegativity/offlineRun';
import { CSP_HEADER_FILE } from './electronegativity/reviewed';
import { scanSources } from './electronegativity/scan';

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const electronVersion = installedElectronVersion();
const report = await scanSources({
  root: process.cwd(),
  paths: ['electron', 'renderer', 'package.json'],
  generated: {
    [CSP_HEADER_FILE]: `<!doctype html>\n<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(CONTENT_SECURITY_POLICY)}">\n`,
  },
  electronVersion,
});

console.log(`electronegativity: ${report.files} files × ${report.checks} checks, Electron ${electronVersion}, offline`);
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
  note: `${report.files} files × ${report.checks} checks; ${report.reviews.length} reviewed`,
});
process.exit(failures > 0 ? 1 : 0);
