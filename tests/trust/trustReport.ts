// One row of `npm run trust`'s table. Each trust check (a Vitest file, a Playwright spec or
// a script) calls recordTrustRow once it has run its cases. Outside `npm run trust` the
// variable is unset and nothing is written, so the same tests run unchanged in `npm test`.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TRUST_DIR_VARIABLE = 'GROUNDWORK_TRUST_DIR';

export interface TrustRow {
  /** Short name shown in the table, e.g. "fuzzed parse results". */
  check: string;
  /** How many cases were tried (documents, calls, kills, generated inputs…). */
  cases: number;
  /** How many of them failed; the trust run fails when any row has failures. */
  failures: number;
  /** Optional detail for the table's last column (first failure, seed…). */
  note?: string;
}

export function recordTrustRow(row: TrustRow): void {
  const dir = process.env[TRUST_DIR_VARIABLE];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${row.check.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.json`);
  writeFileSync(`${file}.tmp`, JSON.stringify(row));
  renameSync(`${file}.tmp`, file);
}
