import { describe, expect, it } from 'vitest';
import type { ParseResponse } from '../../../../shared/contracts/v2Parse.js';
import { buildParseModel, type ParseModel, type TextRange } from '../../../../shared/grounding/parseModel.js';
import { BLOCKS_KEPT, CHARACTERS_KEPT } from '../../../../renderer/markdown/blockHtml.js';
import { markdownRows } from '../../../../renderer/markdown/markdownRows.js';
import {
  blocksAroundFields,
  MAX_BLOCKS_AHEAD,
  MAX_CHARACTERS_AHEAD,
  MAX_LENGTH_AHEAD,
  renderEach,
  runWhenIdle,
} from '../../../../renderer/markdown/renderAhead.js';
import { threePages } from './threePages.js';

/** A field's ranges: the ranges of these nodes (an id the model lacks stands for a range past the end). */
const fieldOn = (model: ParseModel, ...ids: string[]): TextRange[] =>
  ids.map((id) => model.nodes.rangeOf(id) ?? { start: 1e7, end: 1e7 + 1 });
/** What the steps give to render. */
const rendered = (steps: Iterable<string | null>) => [...steps].filter((id) => id !== null);

describe('the blocks a field click would mount, rendered ahead', () => {
  const model = threePages();
  const rows = markdownRows(model);

  it('gives the field’s own block first (the block holding its node), then the rows around it nearest first, ten above and twenty below', () => {
    const ids = rendered(blocksAroundFields(model, rows, [fieldOn(model, 'w2-20')]));
    expect(ids[0]).toBe('p2-20');
    expect(ids.slice(1, 5)).toEqual(['p2-21', 'p2-19', 'p2-22', 'p2-18']);
    expect(ids).toContain('p2-10');
    expect(ids).not.toContain('p2-9');
    // Twenty below reaches page 3's break row, which is not a block.
    expect(ids).toContain('p2-39');
    expect(ids).not.toContain('p3-0');
    expect(ids).toHaveLength(10 + 1 + 19);
  });

  it('gives every field’s own blocks before any field’s neighbours, a field of two ranges both of its blocks', () => {
    const ids = rendered(
      blocksAroundFields(model, rows, [fieldOn(model, 'w1-5'), fieldOn(model, 'w3-30', 'w1-8'), fieldOn(model, 'w2-2')]),
    );
    expect(ids.slice(0, 4)).toEqual(['p1-5', 'p3-30', 'p1-8', 'p2-2']);
    // Then ring by ring around each field's first block: every field's next rows before any field's farther ones.
    expect(ids.slice(4, 10)).toEqual(['p1-6', 'p1-4', 'p3-31', 'p3-29', 'p2-3', 'p2-1']);
    expect(ids.slice(10, 12)).toEqual(['p1-7', 'p1-3']);
    // With room for only the own blocks, those are what is given.
    expect(rendered(blocksAroundFields(model, rows, [fieldOn(model, 'w1-5'), fieldOn(model, 'w3-30')], 2))).toEqual(['p1-5', 'p3-30']);
  });

  it('stops at the document’s ends, skips page breaks, and gives each block once across fields', () => {
    const fields = [fieldOn(model, 'p1-0'), fieldOn(model, 'w1-1'), fieldOn(model, 'nowhere'), fieldOn(model, 'p3-39')];
    const ids = rendered(blocksAroundFields(model, rows, fields));
    expect(ids.slice(0, 3)).toEqual(['p1-0', 'p1-1', 'p3-39']);
    expect(new Set(ids).size).toBe(ids.length);
    // p1-0 (row 1, after the page's break row) reaches p1-20; p1-1's twenty below add p1-21.
    expect(ids.filter((id) => id.startsWith('p1-'))).toHaveLength(22);
    // The last block: ten above it, nothing below the document's end.
    expect(ids.filter((id) => id.startsWith('p3-'))).toHaveLength(11);
  });

  it('takes a step for every field, one that grounds nowhere too, so work can stop between any two fields', () => {
    const steps = [...blocksAroundFields(model, rows, [[], fieldOn(model, 'nowhere'), []])];
    expect(steps).toEqual([null, null, null]);
  });

  it('passes over a block too long to render in an idle period', () => {
    let markdown = '';
    const box = { xmin: 0.1, ymin: 0.1, xmax: 0.5, ymax: 0.2 };
    const children = ['short', 'x'.repeat(MAX_LENGTH_AHEAD + 1), 'also short'].map((text, n) => {
      const start = markdown.length;
      markdown += `${text}\n\n`;
      return { type: 'text', id: `b${n}`, grounding: { page: 1, range: { start, end: start + text.length }, box } };
    });
    const page = {
      type: 'page',
      page: 1,
      status: 'ok',
      reason: '',
      grounding: { page: 1, range: { start: 0, end: markdown.length }, box },
      children,
    };
    const long = buildParseModel({
      markdown,
      metadata: { failed_pages: [] },
      structure: { type: 'document', children: [page] },
    } as unknown as ParseResponse);
    expect(rendered(blocksAroundFields(long, markdownRows(long), [fieldOn(long, 'b0'), fieldOn(long, 'b1')]))).toEqual(['b0', 'b2']);
  });

  it('never gives more than its limit, and looks at no field once it is reached', () => {
    const looked: number[] = [];
    function* fields(): Generator<TextRange[]> {
      for (let i = 0; i < 120; i++) {
        looked.push(i);
        yield fieldOn(model, `p${1 + (i % 3)}-${i % 40}`);
      }
    }
    expect(rendered(blocksAroundFields(model, rows, fields(), 25))).toHaveLength(25);
    expect(looked).toHaveLength(25);
    expect(MAX_BLOCKS_AHEAD).toBeLessThan(BLOCKS_KEPT);
    expect(MAX_CHARACTERS_AHEAD).toBeLessThan(CHARACTERS_KEPT);
  });

  it('looks at a field only when its turn comes', () => {
    const looked: number[] = [];
    function* fields(): Generator<TextRange[]> {
      for (let i = 0; i < 3; i++) {
        looked.push(i);
        yield fieldOn(model, `p1-${i * 10}`);
      }
    }
    const steps = blocksAroundFields(model, rows, fields());
    steps.next();
    expect(looked).toEqual([0]);
  });
});

describe('rendering ahead within the HTML kept', () => {
  it('stops once the HTML rendered comes to its limit in characters, however few blocks that is', () => {
    const renderedIds: string[] = [];
    const steps = renderEach(['a', null, 'b', 'c', 'd', 'e'], (id) => (renderedIds.push(id), 400), 1000);
    expect([...steps]).toHaveLength(3);
    // 400, 800, then 1,200: the third block was rendered and is the last.
    expect(renderedIds).toEqual(['a', 'b', 'c']);
  });
});

describe('work in the window’s idle periods', () => {
  /**
   * requestIdleCallback by hand: `idle(ms)` runs what waits with that much idle time, which
   * each item of work spends; `runLater()` runs the tasks handed to `later`, as the event loop would.
   */
  function idleQueue(costMs: number) {
    const waiting = new Map<number, IdleRequestCallback>();
    let laterTasks: Array<() => void> = [];
    let next = 1;
    let left = 0;
    return {
      requestIdleCallback: (callback: IdleRequestCallback) => {
        waiting.set(next, callback);
        return next++;
      },
      cancelIdleCallback: (handle: number) => void waiting.delete(handle),
      later: (task: () => void) => void laterTasks.push(task),
      idle(ms: number) {
        const callbacks = [...waiting.values()];
        waiting.clear();
        left = ms;
        for (const callback of callbacks) callback({ didTimeout: false, timeRemaining: () => Math.max(0, left) });
      },
      runLater() {
        const tasks = laterTasks;
        laterTasks = [];
        tasks.forEach((task) => task());
        return tasks.length;
      },
      spend: () => (left -= costMs),
      get pending() {
        return waiting.size + laterTasks.length;
      },
    };
  }

  it('works an idle period through in 2 ms slices, each its own task, then goes on in the next period until the work ends', () => {
    const queue = idleQueue(0.5);
    const done: number[] = [];
    function* work() {
      for (let i = 0; i < 30; i++) {
        done.push(i);
        queue.spend();
        yield;
      }
    }
    runWhenIdle(work(), new AbortController().signal, queue);
    expect(done).toEqual([]);
    // A slice of 2 ms: items start with 10, 9.5, 9 and 8.5 ms left; at 8 the slice is over and the next is a task of its own.
    queue.idle(10);
    expect(done).toEqual([0, 1, 2, 3]);
    expect(queue.runLater()).toBe(1);
    expect(done).toHaveLength(8);
    // Slices go on while the period lasts; with 2 ms left, the rest waits for the next period.
    while (queue.runLater() > 0);
    expect(done).toHaveLength(16);
    expect(queue.pending).toBe(1);
    // A period nearly over is left alone.
    queue.idle(2);
    expect(done).toHaveLength(16);
    queue.idle(50);
    while (queue.runLater() > 0);
    expect(done).toHaveLength(30);
    expect(queue.pending).toBe(0);
  });

  it('stops when aborted: before the first period, between periods, or between two slices of one', () => {
    const queue = idleQueue(1);
    const done: number[] = [];
    function* work() {
      for (let i = 0; ; i++) {
        done.push(i);
        queue.spend();
        yield;
      }
    }
    const first = new AbortController();
    runWhenIdle(work(), first.signal, queue);
    first.abort();
    expect(queue.pending).toBe(0);
    queue.idle(50);
    expect(done).toEqual([]);

    const later = new AbortController();
    runWhenIdle(work(), later.signal, queue);
    queue.idle(3);
    const before = done.length;
    expect(before).toBeGreaterThan(0);
    later.abort();
    queue.idle(50);
    while (queue.runLater() > 0);
    expect(done).toHaveLength(before);

    const midPeriod = new AbortController();
    runWhenIdle(work(), midPeriod.signal, queue);
    queue.idle(50);
    const sliced = done.length;
    expect(sliced).toBeGreaterThan(before);
    midPeriod.abort();
    while (queue.runLater() > 0);
    expect(done).toHaveLength(sliced);
  });
});
