import type { Page } from '@playwright/test';
import { ACTIONS, waitForApp, type Action } from './actions.js';
import { mulberry32, type Rng } from './rng.js';
import type { MonkeyFiles } from './workspaceFiles.js';
import { FailureWatch, Stuck, type Failure } from './watch.js';

const RING = 30;
const MAX_WAIT_MS = 150;
// An action is a click or two; one still going after this long means the window stopped answering.
const HANG_MS = 30_000;
// After the last action: long enough for the draws, parses and saves it started to finish and fail.
const SETTLE_MS = 1_500;

export interface MonkeyOptions {
  page: Page;
  files: MonkeyFiles;
  seed: number;
  actions: number;
  /** Log each failure, reload and carry on (to survey every failure at once) instead of stopping at the first. */
  keepGoing?: boolean;
  /** Print every action as it is done. */
  verbose?: boolean;
}

export interface MonkeyFailure {
  seed: number;
  /** The action after which it was seen (0-based); the failure may come from any of the last few. */
  index: number;
  failures: Failure[];
  last: string[];
}

export interface MonkeyReport {
  seed: number;
  actions: number;
  millis: number;
  /** How often each action ran, and how often it found nothing to do. */
  counts: Record<string, { ran: number; skipped: number }>;
  failures: MonkeyFailure[];
}

export function replayCommand(seed: number, actions: number): string {
  return `npm run build && MONKEY_SEEDS=${seed} MONKEY_ACTIONS=${actions} npx playwright test -c tests/e2e/playwright.config.ts monkey.spec.ts --workers=1`;
}

export function describeFailure(f: MonkeyFailure): string {
  return [
    `monkey seed ${f.seed}: failure after action #${f.index}`,
    ...f.failures.map((x) => `  [${x.kind}] ${x.text.replace(/\n/g, '\n    ')}`),
    `  last ${f.last.length} actions (oldest first):`,
    ...f.last.map((line) => `    ${line}`),
    `  replay (same actions; the timing may differ, so a race can take a few runs): ${replayCommand(f.seed, f.index + 1)}`,
  ].join('\n');
}

function pickAction(rng: Rng): Action {
  const total = ACTIONS.reduce((sum, a) => sum + a.weight, 0);
  let r = rng.next() * total;
  for (const action of ACTIONS) {
    r -= action.weight;
    if (r < 0) return action;
  }
  return ACTIONS[ACTIONS.length - 1]!;
}

async function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Stuck(`${what} did not finish in ${ms / 1000} s`)), ms)),
  );
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the page's main thread still runs script: tells a frozen window from a stuck click. */
async function answers(page: Page): Promise<string> {
  const asked = Date.now();
  const answered = await withDeadline(
    page.evaluate(() => true),
    5_000,
    'evaluate',
  ).catch(() => false);
  return answered
    ? `the page still runs script (answered in ${Date.now() - asked} ms)`
    : 'the page does not answer script within 5 s (its main thread is busy or frozen)';
}

/**
 * Runs `actions` seeded random user actions with short random waits between them; stops at the
 * first failure by throwing its description (seed, action index, last actions, replay command),
 * or with `keepGoing` records it, reloads and goes on.
 */
export async function runMonkey(options: MonkeyOptions): Promise<MonkeyReport> {
  const { page, files, seed, actions, keepGoing = false, verbose = false } = options;
  const rng = mulberry32(seed);
  const watch = await FailureWatch.start(page);
  const ring: string[] = [];
  const counts: MonkeyReport['counts'] = {};
  const found: MonkeyFailure[] = [];
  const started = Date.now();

  const check = async (index: number) => {
    const failures = watch.take();
    if (failures.length === 0) return;
    const failure: MonkeyFailure = { seed, index, failures, last: [...ring] };
    if (!keepGoing) throw new Error(describeFailure(failure));
    found.push(failure);
    console.log(describeFailure(failure));
    await page.reload().catch(() => undefined);
    await waitForApp(page).catch(() => undefined);
    watch.take();
  };

  for (let index = 0; index < actions; index++) {
    // The choices come from the seed alone: the action, its own generator, the wait after it.
    const action = pickAction(rng);
    const actionRng = rng.fork();
    // Mostly short (a quick user), now and then long enough for a load to land.
    const wait = Math.floor((MAX_WAIT_MS + 1) * rng.next() ** 2);
    let outcome: string;
    const began = Date.now();
    try {
      outcome = await withDeadline(action.run({ page, rng: actionRng, files }), HANG_MS, action.name);
    } catch (error) {
      if (error instanceof Stuck) {
        watch.add({ kind: 'hung', text: `${error.message}; ${await answers(page)}` });
        outcome = 'hung';
      } else {
        // The element went or changed between looking and acting: an ordinary miss, not a failure.
        outcome = `skipped: threw ${String(error instanceof Error ? error.message : error).split('\n')[0]}`;
      }
    }
    const count = (counts[action.name] ??= { ran: 0, skipped: 0 });
    count.ran++;
    if (outcome.startsWith('skipped')) count.skipped++;
    ring.push(`#${index} ${action.name}: ${outcome} (${Date.now() - began} ms, then ${wait} ms)`);
    if (verbose) console.log(`seed ${seed} ${ring[ring.length - 1]}`);
    if (ring.length > RING) ring.shift();
    if (wait > 0) await page.waitForTimeout(wait);
    await check(index);
  }
  await page.waitForTimeout(SETTLE_MS);
  await check(actions - 1);
  return { seed, actions, millis: Date.now() - started, counts, failures: found };
}

export function describeReport(report: MonkeyReport): string {
  const rows = Object.entries(report.counts)
    .sort((a, b) => b[1].ran - a[1].ran)
    .map(([name, c]) => `${name} ${c.ran}${c.skipped ? ` (${c.skipped} skipped)` : ''}`);
  return `monkey seed ${report.seed}: ${report.actions} actions in ${(report.millis / 1000).toFixed(1)} s, ${report.failures.length} failures; ${rows.join(', ')}`;
}
