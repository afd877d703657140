import { describe, expect, it } from 'vitest';
import { roomGraph, stronglyConnected } from '../../../scripts/importGraph.js';

// Each room's modules form a tree of layers: a circle (type imports included) means two files
// each need the other, so neither can be read or moved alone. `npm run graph` counts the same.
describe('import graphs', () => {
  it.each(['electron', 'renderer'])('%s/ has no circle of files, and no two folders import each other', (room) => {
    const graph = roomGraph(room);
    expect(graph.files.size).toBeGreaterThan(50);
    expect(graph.circles.map((circle) => circle.join(' → '))).toEqual([]);
    expect(graph.backArrows).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(stronglyConnected(graph)).toEqual([['a', 'b', 'c']]);
  });
});
