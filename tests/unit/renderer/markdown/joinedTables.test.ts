import { describe, expect, it, vi } from 'vitest';
import type { ParseModel } from '../../../../shared/grounding/parseModel.js';

vi.mock('../../../../shared/grounding/logicalTables.js', () => ({
  logicalTables: () => {
    throw new RangeError('Set maximum size exceeded');
  },
}));

const { joinedTables } = await import('../../../../renderer/markdown/joinedTables.js');

describe('tables across pages while the view draws', () => {
  it('a failure joining them degrades to no joined tables, noted once, never thrown', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const model = {} as ParseModel;
    expect(joinedTables(model).tables).toEqual([]);
    expect(joinedTables(model).byTableId.size).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
