/**
 * Where a click's time goes: opens the bench document in the preview like `npm run bench`,
 * then records a CPU profile (Chrome DevTools protocol) over field clicks, box clicks and a
 * Markdown scroll, and prints the functions with the most self time in each.
 * `npm run build && node scripts/run-ts.mjs bench/profileClicks.ts`, from the repository's root
 * (functions are named by their source file and line, through the bundle's source map).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { chromium, type CDPSession } from '@playwright/test';
import { launchChromium } from '../tests/support/chromium.js';
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
  const file = (frame.url ?? '').split('/').pop() ?? '';
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
  id?: string;
  args?: { name?: string; data?: ProfileChunkData };
}

/** A V8 CPU profile as the trace carries it: nodes and samples in chunks, times as deltas. */
interface ProfileChunkData {
  startTime?: number;
  cpuProfile?: { nodes?: (ProfileNode & { parent?: number })[]; samples?: number[] };
  timeDeltas?: number[];
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

/**
 * Each click from its mark (measure.ts) to the end of the first animation frame after it (the
 * frame the bench's check runs in), split by phase: what to cut to make a click's frame come sooner.
 * The frame's own style, layout, prepaint and hover hit test run before its rAF callbacks.
 */
function clickPhases(events: TraceEvent[]): void {
  const clicks = events.filter((e) => e.name === 'bench:click');
  const first = clicks[0];
  if (!first) return;
  const main = events
    .filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts);
  const phases = ['FunctionCall', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'HitTest', 'EventDispatch'];
  const per = new Map<string, number[]>([['until the frame', []], ...phases.map((p): [string, number[]] => [p, []])]);
  for (const click of clicks) {
    const frame = main.find((e) => e.ts > click.ts && e.name === 'FireAnimationFrame');
    if (!frame) continue;
    per.get('until the frame')!.push((frame.ts + frame.dur! - click.ts) / 1000);
    // A phase nested in itself counts once; one nested in another counts in both (a layout forced by script is in FunctionCall too).
    for (const phase of phases) {
      let until = 0;
      let sum = 0;
      for (const e of main) {
        if (e.name !== phase || e.ts < click.ts || e.ts >= frame.ts || e.ts < until) continue;
        sum += e.dur! / 1000;
        until = e.ts + e.dur!;
      }
      per.get(phase)!.push(sum);
    }
  }
  const at = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)] ?? NaN;
  console.log(`\n## ${clicks.length} field clicks, by phase up to the frame that shows them (ms, p50 / p95)`);
  for (const [phase, values] of per)
    console.log(`${at(values, 0.5).toFixed(1).padStart(6)} / ${at(values, 0.95).toFixed(1).padStart(5)}  ${phase}`);
}

/**
 * What the main thread runs between each click's mark and the end of the frame that follows it,
 * by function (self time, from the trace's own CPU profile samples): the work a click pays for.
 */
function clickFunctions(events: TraceEvent[]): void {
  const clicks = events.filter((e) => e.name === 'bench:click');
  const first = clicks[0];
  if (!first) return;
  const windows = clicks.flatMap((click) => {
    const frame = events.find(
      (e) => e.pid === first.pid && e.tid === first.tid && e.name === 'FireAnimationFrame' && e.ph === 'X' && e.ts > click.ts,
    );
    return frame ? [[click.ts, frame.ts + frame.dur!] as const] : [];
  });
  // The window's main thread has its own profile; its chunks are written from the sampling thread.
  const profile = events.find((e) => e.name === 'Profile' && e.pid === first.pid && e.tid === first.tid);
  const nodes = new Map<number, ProfileNode>();
  const samples: { at: number; node: number }[] = [];
  let clock = profile?.args?.data?.startTime ?? 0;
  for (const e of events) {
    if (e.name !== 'ProfileChunk' || !profile || e.id !== profile.id || e.pid !== first.pid) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      clock += data?.timeDeltas?.[i] ?? 0;
      samples.push({ at: clock, node });
    });
  }
  const self = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < samples.length - 1; i++) {
    const { at, node } = samples[i]!;
    if (!windows.some(([from, to]) => at >= from && at < to)) continue;
    const frame = nodes.get(node)?.callFrame;
    if (!frame) continue;
    const name = `${frame.functionName || '(anonymous)'} ${originalPlace(frame)}`;
    if (/^\(idle\)/.test(name)) continue;
    const ms = (samples[i + 1]!.at - at) / 1000;
    total += ms;
    self.set(name, (self.get(name) ?? 0) + ms);
  }
  console.log(
    `\n## ${windows.length} field clicks, main thread from click to frame by function (self): ${(total / windows.length).toFixed(1)} ms per click`,
  );
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${(ms / windows.length).toFixed(2).padStart(8)} ms/click  ${name}`);
}

const files = await generateLargeDocument();
const dataDir = mkdtempSync(join(tmpdir(), 'groundwork-profile-'));
const preview = await startPreview({ dataDir, keychainService: 'groundwork-bench' });
const browser = await launchChromium(chromium);
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
  await browser.startTracing(page, {
    categories: [
      'toplevel',
      'devtools.timeline',
      'blink.user_timing',
      'disabled-by-default-v8.cpu_profiler',
      'disabled-by-default-v8.cpu_profiler.hires',
    ],
  });
  await measureClicks(page, 'field', count, 'at-rest');
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  // PROFILE_TRACE_FILE=path: the trace kept, to look closer at one click.
  if (process.env.PROFILE_TRACE_FILE) writeFileSync(process.env.PROFILE_TRACE_FILE, JSON.stringify(trace));
  timeline(`${count} field clicks, main thread`, trace.traceEvents);
  clickPhases(trace.traceEvents);
  clickFunctions(trace.traceEvents);
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
