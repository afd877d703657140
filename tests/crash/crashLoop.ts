// The crash loop: start the writer on one data folder, SIGKILL it at a seeded random
// moment, check the folder, start it again — `kills` times. The acks are kept here, in the
// parent, from the writer's pipe: what the child acknowledged is what must survive.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { build } from 'esbuild';
import { ACK_FD, type Ack, type WriterLine } from './acks.js';
import { seededRandom } from './random.js';
import { VerifyCache, verifyDataDir } from './verifyDataDir.js';

export interface CrashOptions {
  kills: number;
  seed: number;
  dataDir: string;
  /** Longest wait after the writer is ready before the kill; default 250 ms. */
  maxDelayMs?: number;
  log?: (line: string) => void;
}

export interface CrashOutcome {
  kills: number;
  /** Kills after which something was wrong (a torn file, a lost ack, a temp file not cleared, the writer failing on its own). */
  failures: number;
  acks: number;
  problems: string[];
}

/** Bundles the writer the way scripts/run-ts.mjs bundles entries: under dist/, packages external. */
export async function buildWriter(): Promise<{ path: string; dispose(): void }> {
  mkdirSync('dist', { recursive: true });
  const dir = mkdtempSync(join(process.cwd(), 'dist', '.crash-writer-'));
  const path = join(dir, 'writer.mjs');
  await build({
    entryPoints: ['tests/crash/writer.ts'],
    outfile: path,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
  });
  return { path, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function runCrashLoop(writerPath: string, options: CrashOptions): Promise<CrashOutcome> {
  const random = seededRandom(options.seed);
  const maxDelayMs = options.maxDelayMs ?? 250;
  const acks: Ack[] = [];
  const problems: string[] = [];
  let failures = 0;
  let previousTemps: string[] = [];
  const cache = new VerifyCache();

  for (let kill = 1; kill <= options.kills; kill++) {
    // One kill in ten lands during start-up (the temp sweep, settings load, job resume); the rest mid-write.
    const early = random() < 0.1;
    const delayMs = Math.floor(random() * (early ? 300 : maxDelayMs));
    const writerSeed = Math.floor(random() * 2 ** 31);
    const life = await liveOnce(writerPath, options.dataDir, kill, writerSeed, early, delayMs);
    acks.push(...life.acks);

    const found: string[] = [];
    if (!life.killed) found.push(`writer stopped on its own before the kill: ${life.stderr.trim().slice(-800)}`);
    if (life.ready) {
      const kept = previousTemps.filter((file) => existsSync(file));
      if (kept.length > 0) found.push(`${kept.length} temp file(s) of interrupted writes survived a restart, e.g. ${kept[0]}`);
    }
    const verdict = await verifyDataDir(options.dataDir, acks, cache);
    found.push(...verdict.problems);
    previousTemps = verdict.temps;
    if (found.length > 0) {
      failures++;
      problems.push(...found.map((p) => `kill ${kill}: ${p}`));
    }
    options.log?.(
      `kill ${kill}/${options.kills}: ${early ? 'during start-up window' : 'mid-write'} after ${delayMs} ms, ${life.acks.length} acks (${acks.length} in all), ${verdict.files} files, ${verdict.temps.length} temp left, ${found.length === 0 ? 'ok' : `${found.length} problem(s): ${found[0]}`}`,
    );
  }
  return { kills: options.kills, failures, acks: acks.length, problems };
}

interface Life {
  acks: Ack[];
  ready: boolean;
  killed: boolean;
  stderr: string;
}

/** One life of the writer: started, killed with SIGKILL after `delayMs` (from its start if `early`, else from ready). */
function liveOnce(writerPath: string, dataDir: string, run: number, seed: number, early: boolean, delayMs: number): Promise<Life> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [writerPath, dataDir, String(run), String(seed)], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const life: Life = { acks: [], ready: false, killed: false, stderr: '' };
    let timer: NodeJS.Timeout | undefined;
    let killedByUs = false;
    const killLater = (ms: number) => {
      timer = setTimeout(() => {
        killedByUs = child.kill('SIGKILL');
      }, ms);
    };
    if (early) killLater(delayMs);
    // A writer that never gets going would hang the loop; it is killed and reported instead.
    const watchdog = setTimeout(() => {
      life.stderr += '\n(no ready line within 30 s)';
      child.kill('SIGKILL');
    }, 30_000);
    child.stderr!.on('data', (chunk: Buffer) => (life.stderr += chunk.toString()));
    const pipe = child.stdio[ACK_FD] as NodeJS.ReadableStream;
    const lines = createInterface({ input: pipe });
    lines.on('line', (text) => {
      const line = JSON.parse(text) as WriterLine;
      if ('ready' in line) {
        life.ready = true;
        clearTimeout(watchdog);
        if (!early) killLater(delayMs);
      } else life.acks.push(line.ack);
    });
    let exited = false;
    let drained = false;
    const finish = () => {
      if (exited && drained) resolve(life);
    };
    // Every ack the writer got into the pipe before it died still arrives after its exit.
    lines.on('close', () => {
      drained = true;
      finish();
    });
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (timer) clearTimeout(timer);
      clearTimeout(watchdog);
      life.killed = killedByUs && signal === 'SIGKILL';
      exited = true;
      finish();
    });
  });
}
