// `npm run crash`: the crash-safety trust check at full size. The real services write
// to one data folder in a child process that is killed with SIGKILL at a random moment,
// 200 times (--kills N); after each kill every file must parse and every acknowledged
// write must be there. Replay a run with --seed S; --keep leaves the data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { recordTrustRow } from '../tests/trust/trustReport';
import { buildWriter, runCrashLoop } from '../tests/crash/crashLoop';

const { values } = parseArgs({
  options: { kills: { type: 'string', default: '200' }, seed: { type: 'string' }, keep: { type: 'boolean', default: false } },
});
const kills = Number(values.kills);
const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-crash-'));
console.log(`crash safety: ${kills} kills, seed ${seed} (replay with --seed ${seed}), data in ${dataDir}`);

const started = Date.now();
const writer = await buildWriter();
try {
  const outcome = await runCrashLoop(writer.path, { kills, seed, dataDir, log: (line) => console.log(line) });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `\n${outcome.kills} kills, ${outcome.acks} acknowledged writes checked after each, ${outcome.failures} failed kills, ${seconds} s`,
  );
  for (const problem of outcome.problems.slice(0, 20)) console.error(`  ${problem}`);
  recordTrustRow({
    check: 'crash safety (SIGKILL during writes)',
    cases: outcome.kills,
    failures: outcome.failures,
    note: `seed ${seed}; ${outcome.acks} acks`,
  });
  process.exitCode = outcome.failures > 0 ? 1 : 0;
} finally {
  writer.dispose();
  if (!values.keep) rmSync(dataDir, { recursive: true, force: true });
}
