/**
 * A screen's keys as one table: the handling and the on-screen legend are both read from it,
 * so no key is handled unlisted, or listed unhandled, without the table saying so.
 */
export interface KeyCommand {
  /** `KeyboardEvent.key` values, in the order the legend shows them. */
  keys: readonly string[];
  /** What the legend calls it; null for a key handled but deliberately not listed (the entry says why). */
  label: string | null;
  /** Whether the command takes this press now; a press it does not take goes on down the table. */
  when?: (event: KeyboardEvent) => boolean;
  run: (event: KeyboardEvent) => void;
}

/** How the legend writes a key. */
const SHOWN: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑', ArrowLeft: '←', ArrowRight: '→' };

/** The first command that takes the press; null when none does. */
export function commandFor(table: readonly KeyCommand[], event: KeyboardEvent): KeyCommand | null {
  return table.find((c) => c.keys.includes(event.key) && (c.when?.(event) ?? true)) ?? null;
}

/** Runs the command that takes the press; false when none does (the key is not the table's). */
export function runKeyCommand(table: readonly KeyCommand[], event: KeyboardEvent): boolean {
  const command = commandFor(table, event);
  command?.run(event);
  return command !== null;
}

/** The legend: each labelled command with its keys as shown. */
export function keyLegend(table: readonly KeyCommand[]): Array<{ keys: string[]; label: string }> {
  return table.flatMap((c) => (c.label === null ? [] : [{ keys: c.keys.map((k) => SHOWN[k] ?? k), label: c.label }]));
}
