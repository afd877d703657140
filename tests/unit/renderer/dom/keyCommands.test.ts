import { describe, expect, it, vi } from 'vitest';
import { commandFor, keyLegend, runKeyCommand, type KeyCommand } from '../../../../renderer/dom/keyCommands.js';

const press = (key: string) => ({ key }) as KeyboardEvent;

describe('key commands', () => {
  it('the first command that takes a press runs it; a press none takes is not the table’s', () => {
    const first = vi.fn();
    const second = vi.fn();
    let open = false;
    const table: KeyCommand[] = [
      { keys: ['Escape'], label: null, when: () => open, run: first },
      { keys: ['Escape', 'x'], label: 'close', run: second },
    ];
    expect(runKeyCommand(table, press('Escape'))).toBe(true);
    expect(second).toHaveBeenCalledOnce();
    open = true;
    expect(commandFor(table, press('Escape'))).toBe(table[0]);
    expect(runKeyCommand(table, press('Escape'))).toBe(true);
    expect(first).toHaveBeenCalledOnce();
    expect(runKeyCommand(table, press('q'))).toBe(false);
  });

  it('the legend lists the labelled commands in order, arrows drawn as arrows', () => {
    const run = () => undefined;
    const table: KeyCommand[] = [
      { keys: ['n', 'ArrowDown'], label: 'next', run },
      { keys: ['Escape'], label: null, run },
      { keys: ['ArrowLeft', 'ArrowRight', 'ArrowUp'], label: 'turn', run },
    ];
    expect(keyLegend(table)).toEqual([
      { keys: ['n', '↓'], label: 'next' },
      { keys: ['←', '→', '↑'], label: 'turn' },
    ]);
  });
});
