/**
 * Where a click's time goes: opens the bench document in the preview like `npm run bench`,
 * then records a CPU profile (Chrome DevTools protocol) over field clicks, box clicks and a
 * Markdown scroll, and prints the functions with the most self time in each.
 * `npm run build && node scripts/run-ts.mjs bench/profileClicks.ts`, from the repository's root
 * (functions are named by their source file and line, through the bundle's source map).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { chromium, type CDPSession } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../tests/support/chromium.js';
import { startPreview } from '../tests/support/preview.js';
import { generateLargeDocument } from './largeDocument/generate.js';
import { measureClicks, scrollThrough } from './measure.js';
import { seed } from './seed.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

async function profiled<T>(cdp: CDPSession, label: string, work: () => Promise<T>): Promise<T> {
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byNode.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'} ${originalPlace(frame)}`;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!/^\(idle\)|^\(program\)/.test(name)) total += ms;
    self.set(name, (self.get(name) ?? 0) + ms);
  });
  console.log(`\n## ${label}: ${total.toFixed(0)} ms busy`);
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${ms.toFixed(1).padStart(8)} ms  ${name}`);
  return result;
}

/** The bundle's minified place of a profiled function, mapped back to its source file and line. */
const bundleMaps = new Map<string, SourceMapConsumer | null>();
function originalPlace(frame: ProfileNode['callFrame']): string {
  const file = frame.url.split('/').pop() ?? '';
  const mapPath = join('dist/renderer/assets', `${file}.map`);
  if (!bundleMaps.has(file))
    bundleMaps.set(file, existsSync(mapPath) ? new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8'))) : null);
  const place = bundleMaps.get(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  return place?.source ? `${place.source.replace(/^(\.\.\/)+/, '')}:${place.line}` : `${file}:${frame.lineNumber + 1}`;
}

interface TraceEvent {
  name: string;
  ts: number;
  ph: string;
  dur?: number;
  /** Thread (CPU) time: unlike `dur`, not stretched while the machine runs someone else. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/** Time per timeline event on the renderer's main thread (events nest: a FunctionCall holds its own layouts). */
function timeline(label: string, events: TraceEvent[]): void {
  const main = events.find(
    (e) =>
      e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'FunctionCall'),
  );
  const totals = new Map<string, { ms: number; count: number; longest: number }>();
  for (const e of events) {
    if (!main || e.pid !== main.pid || e.tid !== main.tid || e.ph !== 'X' || e.dur === undefined) continue;
    const t = totals.get(e.name) ?? { ms: 0, count: 0, longest: 0 };
    t.ms += e.dur / 1000;
    t.count++;
    t.longest = Math.max(t.longest, e.dur / 1000);
    totals.set(e.name, t);
  }
  const tasks = events.filter(
    (e) =>
      main &&
      e.pid === main.pid &&
      e.tid === main.tid &&
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      e.ph === 'X',
  );
  const cpu = tasks.map((e) => (e.tdur ?? 0) / 1000).sort((a, b) => a - b);
  console.log(`\n## ${label}`);
  console.log(
    `main-thread tasks: ${cpu.length}, CPU ${cpu.reduce((a, b) => a + b, 0).toFixed(0)} ms, longest task CPU ${(cpu.at(-1) ?? 0).toFixed(1)} ms, tasks over 50 ms CPU: ${cpu.filter((t) => t > 50).length}`,
  );
  // What the three longest tasks were made of.
  for (const task of [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0)).slice(0, 3)) {
    const inside = new Map<string, number>();
    for (const e of events) {
      if (
        e === task ||
        e.pid !== task.pid ||
        e.tid !== task.tid ||
        e.ph !== 'X' ||
        e.dur === undefined ||
        e.ts < task.ts ||
        e.ts + e.dur > task.ts + task.dur!
      )
        continue;
      inside.set(e.name, (inside.get(e.name) ?? 0) + e.dur / 1000);
    }
    const parts = [...inside]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
    console.log(`  task ${((task.tdur ?? 0) / 1000).toFixed(1)} ms CPU (${(task.dur! / 1000).toFixed(1)} wall): ${parts.join(', ')}`);
  }
  for (const [name, t] of [...totals].sort((a, b) => b[1].ms - a[1].ms).slice(0, 18))
    console.log(`${t.ms.toFixed(1).padStart(8)} ms  ×${String(t.count).padEnd(6)} longest ${t.longest.toFixed(1).padStart(6)} ms  ${name}`);
}

const files = await generateLargeDocument();
const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-profile-'));
const preview = await startPreview({ dataDir, keychainService: 'groundwork-bench' });
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  await seed(preview, files);
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  await page.goto(preview.url);
  await page.getByTestId('library-result').filter({ hasText: 'extract · import' }).click();
  await page.waitForFunction(() => performance.getEntriesByName('gw:markdown-rendered').length > 0, null, { timeout: 120_000 });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const count = Number(process.env.PROFILE_CLICKS ?? 40);
  // PROFILE_TRACE_ONLY=1: only the timeline (CPU time per task), the quicker and steadier figure on a busy machine.
  if (!process.env.PROFILE_TRACE_ONLY) {
    const fields = await profiled(cdp, `${count} field clicks`, () => measureClicks(page, 'field', count, 'at-rest'));
    console.log('field click ms:', fields.map((t) => t.toFixed(0)).join(' '));
    const boxes = await profiled(cdp, `${count} box clicks (page scrolls included)`, () => measureClicks(page, 'box', count, 'at-rest'));
    console.log('box click ms:', boxes.map((t) => t.toFixed(0)).join(' '));
    const scroll = await profiled(cdp, 'Markdown scrolled end to end', () =>
      scrollThrough(page, '[data-testid="md-rendered"]', 4000, '[data-testid="md-node"][data-page="1000"]'),
    );
    console.log('scroll:', JSON.stringify(scroll));
  }
  // The same clicks in a Performance trace: style, layout and paint are where the CPU profile says "(program)".
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'blink.user_timing'] });
  await measureClicks(page, 'field', count, 'at-rest');
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  timeline(`${count} field clicks, main thread`, trace.traceEvents);
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'blink.user_timing'] });
  await scrollThrough(page, '[data-testid="md-rendered"]', 4000, '[data-testid="md-node"][data-page="1000"]');
  timeline(
    'Markdown scrolled end to end, main thread',
    (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents,
  );
} finally {
  await browser.close();
  await preview.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
