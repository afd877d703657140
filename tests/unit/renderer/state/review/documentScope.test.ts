import { describe, expect, it } from 'vitest';
import { isStale, ScopeSlot } from '../../../../../renderer/state/review/documentScope.js';

describe('document scope', () => {
  it('work that finishes after its scope ended is stale, whether it succeeded or failed', async () => {
    const slot = new ScopeSlot();
    const first = slot.begin('a.pdf');
    let finish!: (value: string) => void;
    let fail!: (error: Error) => void;
    const ok = first.settle(new Promise<string>((resolve) => (finish = resolve)));
    const bad = first.settle(new Promise<string>((_, reject) => (fail = reject)));
    const second = slot.begin('b.pdf');
    finish('late bytes');
    fail(new Error('late failure'));
    await expect(ok).rejects.toSatisfy(isStale);
    await expect(bad).rejects.toSatisfy(isStale);
    expect(first.alive).toBe(false);
    expect(slot.isCurrent(second)).toBe(true);
    await expect(second.settle(Promise.resolve('fresh'))).resolves.toBe('fresh');
  });

  it('a failure of work still wanted stays that failure', async () => {
    const scope = new ScopeSlot().begin('a.pdf');
    await expect(scope.settle(Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
  });

  it('ending the slot ends its scope', async () => {
    const slot = new ScopeSlot();
    const scope = slot.begin('a.pdf');
    slot.end();
    expect(slot.isCurrent(scope)).toBe(false);
    await expect(scope.settle(Promise.resolve(1))).rejects.toSatisfy(isStale);
  });

  it('settling in an ended scope fails before waiting', async () => {
    const slot = new ScopeSlot();
    const scope = slot.begin('a.pdf');
    slot.begin('b.pdf');
    await expect(scope.settle(new Promise(() => undefined))).rejects.toSatisfy(isStale);
  });
});
