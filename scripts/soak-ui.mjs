// `npm run soak:ui`: the UI monkey of `npm test` (tests/e2e/monkey.spec.ts) at 20,000 actions,
// 4 new random seeds × 5,000 (each seed its own test, so one failing does not stop the others).
// MONKEY_SEEDS=1,2 picks the seeds, MONKEY_TOTAL the total; each failure prints its replay
// command. Extra arguments go to Playwright (e.g. --workers=1). Run after `npm run build`.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';

const total = Number(process.env.MONKEY_TOTAL) || 20_000;
const seeds = process.env.MONKEY_SEEDS ?? Array.from({ length: 4 }, () => randomInt(1, 2 ** 31)).join(',');
const actions = Math.ceil(total / seeds.split(',').length);
console.log(`soak:ui: ${total.toLocaleString('en')} actions, seeds ${seeds}, ${actions.toLocaleString('en')} each`);

// Playwright's own CLI run by this node: no shell, no npx, the same on every platform.
const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const child = spawn(process.execPath, [cli, 'test', '-c', 'tests/e2e/playwright.config.ts', 'monkey.spec.ts', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, MONKEY_SEEDS: seeds, MONKEY_ACTIONS: String(actions) },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 1);
});
