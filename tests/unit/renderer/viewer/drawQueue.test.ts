import { describe, expect, it } from 'vitest';
import { DrawQueue, WithdrawnWork } from '../../../../renderer/viewer/drawQueue.js';

/** Work that runs until the test ends it, recording that it started. */
function heldWork(started: string[], name: string) {
  let finish: () => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const work = () => {
    started.push(name);
    return new Promise<void>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { work, finish: () => finish(), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('DrawQueue', () => {
  it('runs at most its limit at once, in the order added', async () => {
    const queue = new DrawQueue(2);
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => heldWork(started, name));
    const done = [a!, b!, c!, d!].map((held) => queue.add(held.work).promise);
    await settle();
    expect(started).toEqual(['a', 'b']);
    b!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    a!.finish();
    c!.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    d!.finish();
    await expect(Promise.all(done)).resolves.toEqual([undefined, undefined, undefined, undefined]);
  });

  it('never starts withdrawn work, and rejects it as withdrawn', async () => {
    const queue = new DrawQueue(1);
    const started: string[] = [];
    const first = heldWork(started, 'first');
    const passedBy = heldWork(started, 'passed by');
    const last = heldWork(started, 'last');
    queue.add(first.work);
    const withdrawn = queue.add(passedBy.work);
    queue.add(last.work);
    withdrawn.withdraw();
    await expect(withdrawn.promise).rejects.toBeInstanceOf(WithdrawnWork);
    first.finish();
    await settle();
    expect(started).toEqual(['first', 'last']);
  });

  it('frees the place of work that fails, even before its first await', async () => {
    const queue = new DrawQueue(1);
    const started: string[] = [];
    const broken = queue.add(() => {
      throw new Error('unreadable page');
    });
    const failing = heldWork(started, 'failing');
    const failed = queue.add(failing.work);
    const after = heldWork(started, 'after');
    queue.add(after.work);
    await expect(broken.promise).rejects.toThrow('unreadable page');
    await settle();
    failing.fail(new Error('cancelled'));
    await expect(failed.promise).rejects.toThrow('cancelled');
    await settle();
    expect(started).toEqual(['failing', 'after']);
  });

  it('withdrawing work that already started leaves it running', async () => {
    const queue = new DrawQueue(1);
    const started: string[] = [];
    const running = heldWork(started, 'running');
    const queued = queue.add(running.work);
    await settle();
    queued.withdraw();
    running.finish();
    await expect(queued.promise).resolves.toBeUndefined();
  });

  it('says it is idle when the last running work ends with none waiting, and only then', async () => {
    let idle = 0;
    const queue = new DrawQueue(1, () => idle++);
    const started: string[] = [];
    const first = heldWork(started, 'first');
    const second = heldWork(started, 'second');
    queue.add(first.work);
    const waiting = queue.add(second.work);
    await settle();
    first.finish();
    await settle();
    expect(idle).toBe(0);
    second.fail(new Error('cancelled'));
    await expect(waiting.promise).rejects.toThrow('cancelled');
    await settle();
    expect(idle).toBe(1);
  });

  it('starts the pages in view first, and the others only once no page in view is drawing', async () => {
    const queue = new DrawQueue(2);
    const started: string[] = [];
    const [above, inView, below, second] = ['above', 'in view', 'below', 'second in view'].map((name) => heldWork(started, name));
    // One commit mounts the page above the view before the page in view: the order added is not the order drawn.
    queue.add(above!.work);
    queue.add(inView!.work, true);
    queue.add(below!.work);
    await settle();
    expect(started).toEqual(['in view']);
    queue.add(second!.work, true);
    await settle();
    expect(started).toEqual(['in view', 'second in view']);
    inView!.finish();
    await settle();
    expect(started).toEqual(['in view', 'second in view']);
    second!.finish();
    await settle();
    expect(started).toEqual(['in view', 'second in view', 'above', 'below']);
  });

  it('lets a page coming into view overtake pages waiting outside it', async () => {
    const queue = new DrawQueue(1);
    const started: string[] = [];
    const [first, outside, scrolledTo] = ['first', 'outside', 'scrolled to'].map((name) => heldWork(started, name));
    queue.add(first!.work);
    queue.add(outside!.work);
    await settle();
    queue.add(scrolledTo!.work, true);
    first!.finish();
    await settle();
    expect(started).toEqual(['first', 'scrolled to']);
    scrolledTo!.finish();
    await settle();
    expect(started).toEqual(['first', 'scrolled to', 'outside']);
  });
});
