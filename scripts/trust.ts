// `npm run trust`: runs every trust check and prints one table — check, cases
// tried, failures. Each step is an ordinary command; the checks it runs write their rows
// through tests/trust/trustReport.ts into a fresh folder this script names.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRUST_DIR_VARIABLE, type TrustRow } from '../tests/trust/trustReport';

interface TrustStep {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

/** Each check adds its step here. */
const steps: TrustStep[] = [
  { name: 'electron hardening', command: ['node', 'scripts/run-ts.mjs', 'scripts/lint-electron.ts'] },
  { name: 'bad files', command: ['npx', 'vitest', 'run', 'tests/unit/electron/app/badFiles.test.ts'] },
  { name: 'crash safety', command: ['node', 'scripts/run-ts.mjs', 'scripts/crash.ts', '--kills', '200'] },
  { name: 'faults', command: ['npx', 'vitest', 'run', 'tests/unit/electron/app/faults.test.ts'] },
  {
    name: 'file paths from the renderer',
    command: ['npx', 'vitest', 'run', 'tests/unit/electron/datasets/datasetHandlers.rendererPaths.test.ts'],
  },
  { name: 'key destinations', command: ['npx', 'vitest', 'run', 'tests/unit/electron/api/keyDestinations.test.ts'] },
  // Every keys:* channel answered, the user saying yes to every question main asks: no answer holds a secret.
  { name: 'secrets stay in main', command: ['npx', 'vitest', 'run', 'tests/unit/electron/keys/keysService.secretStaysInMain.test.ts'] },
  // A bare keys:allowInferenceHost (unanswered, or a no in main's dialog) records nothing; the run sends no key.
  {
    name: 'inference hosts confirmed in main',
    command: ['npx', 'vitest', 'run', 'tests/unit/electron/keys/keysService.inferenceHostConfirm.test.ts'],
  },
  // settings.json edited to point a key elsewhere, services restarted: refused, the other listener gets nothing.
  { name: 'key addresses bound', command: ['npx', 'vitest', 'run', 'tests/unit/electron/keys/keysService.addressBinding.test.ts'] },
  // 600 MB answers at an 8 MB cap (service call, output_url, download); snapshot links, redirects, timeouts, names.
  { name: 'response caps', command: ['npx', 'vitest', 'run', 'tests/unit/electron/api/responseCaps.test.ts'] },
  { name: 'downloads', command: ['npx', 'vitest', 'run', 'tests/unit/electron/datasets/snapshotDownload.test.ts'] },
  {
    name: 'keys never leak',
    command: ['npx', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', 'tests/e2e/keysNeverLeak.spec.ts'],
  },
  {
    name: 'hostile Markdown',
    command: ['npx', 'playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', 'tests/e2e/hostileMarkdown.spec.ts'],
  },
  // Every line of a 50-entry audit trail edited, removed and swapped with the next: each found where the chain breaks.
  { name: 'audit trail', command: ['npx', 'vitest', 'run', 'tests/unit/electron/review/auditLog.chain.test.ts'] },
  // Every name Object.prototype has, as a field name: decided, recorded, exported.
  { name: 'field names as keys', command: ['npx', 'vitest', 'run', 'tests/unit/electron/review/reviews.protoKeys.test.ts'] },
  // Backtracking patterns on the values that make them backtrack: each answers at once.
  { name: 'rule patterns', command: ['npx', 'vitest', 'run', 'tests/unit/shared/rules/evaluateRules.linearTime.test.ts'] },
  // "+ URL" under a key on this computer: only that key's origin, not any other port.
  {
    name: 'document URLs on this computer',
    command: ['npx', 'vitest', 'run', 'tests/unit/electron/documents/documentFromUrl.test.ts', '-t', 'own origin'],
  },
  // Untrusted files are read in a process without keytar or keys: a thread there cannot load keytar or see
  // main's secrets; that process killed mid-parse fails the run with engine_crashed, and the next run works.
  { name: 'parser isolation', command: ['npx', 'vitest', 'run', 'tests/unit/electron/parserHost/parserHost.test.ts'] },
  { name: 'worker files', command: ['npx', 'vitest', 'run', 'tests/unit/electron/core/workerFile.test.ts'] },
  { name: 'log redaction', command: ['npx', 'vitest', 'run', 'tests/unit/electron/core/log.test.ts'] },
  // Fuzzed results: 10,000 cases (3,000 in `npm test`; one row per kind), and the million-element arrays.
  {
    name: 'fuzzed results',
    command: ['npx', 'vitest', 'run', 'tests/unit/shared/grounding/fuzzedResults.test.ts', 'tests/unit/electron/runs/hugeResults.test.ts'],
    env: { GROUNDWORK_FUZZ_RUNS: '10000' },
  },
  // Answers the official SDK's types allow (nulls, absent fields, epoch timestamps): 10,000 (3,000 in `npm test`), every one read.
  {
    name: 'SDK-shaped answers',
    command: ['npx', 'vitest', 'run', 'tests/unit/shared/grounding/sdkShapedAnswers.test.ts'],
    env: { GROUNDWORK_SDK_FUZZ_RUNS: '10000' },
  },
];

const dir = mkdtempSync(join(tmpdir(), 'groundwork-trust-'));
const rows: TrustRow[] = [];
const failedSteps: string[] = [];
for (const [index, step] of steps.entries()) {
  console.log(`\n== ${step.name}: ${step.command.join(' ')}`);
  // Each step writes its rows into a folder of its own, so a step that dies is still seen.
  const stepDir = join(dir, String(index));
  const run = spawnSync(step.command[0]!, step.command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, ...step.env, [TRUST_DIR_VARIABLE]: stepDir },
  });
  const stepRows = readRows(stepDir);
  if (run.status !== 0) failedSteps.push(step.name);
  // A check that ended before recording its row must not drop out of the table.
  if (run.status !== 0 && stepRows.length === 0)
    stepRows.push({
      check: step.name,
      cases: 0,
      failures: 1,
      note: `ended with exit code ${run.status ?? run.signal} before recording its cases; see its output above`,
    });
  rows.push(...stepRows);
}
rmSync(dir, { recursive: true, force: true });
rows.sort((a, b) => a.check.localeCompare(b.check));

const header = ['check', 'cases tried', 'failures', 'note'];
const table = [header, ...rows.map((r) => [r.check, String(r.cases), String(r.failures), r.note ?? ''])];
const widths = header.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
console.log(`\n${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const row of table.slice(1)) console.log(line(row));

const failedRows = rows.filter((r) => r.failures > 0).map((r) => r.check);
if (failedSteps.length > 0) console.error(`\nsteps that failed: ${failedSteps.join(', ')}`);
if (failedRows.length > 0) console.error(`checks with failures: ${failedRows.join(', ')}`);
process.exit(failedSteps.length > 0 || failedRows.length > 0 ? 1 : 0);

function readRows(folder: string): TrustRow[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as TrustRow);
}
