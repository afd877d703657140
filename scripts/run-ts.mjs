// Runs a TypeScript entry point with node: bundles it with esbuild (packages stay
// external, so node_modules is used as is) to a temporary .mjs, then runs that,
// forwarding arguments, signals and the exit code. The bundle is written under dist/
// (git-ignored) rather than the OS temp folder, because ES modules resolve bare imports
// from the importing file's folder upwards: it must sit inside the project.
// Usage: node scripts/run-ts.mjs <entry.ts> [args...]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs <entry.ts> [args...]');
  process.exit(2);
}
mkdirSync(resolve('dist/.run-ts'), { recursive: true });
const dir = mkdtempSync(join(resolve('dist/.run-ts'), 'run-'));
const outfile = join(dir, 'entry.mjs');
const cleanup = () => rmSync(dir, { recursive: true, force: true });

try {
  await build({
    entryPoints: [resolve(entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
} catch {
  cleanup();
  process.exit(1);
}

const child = spawn(process.execPath, ['--enable-source-maps', outfile, ...args], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => {
  cleanup();
  if (signal) process.kill(process.pid, signal);
  else process.exit(code ?? 0);
});
