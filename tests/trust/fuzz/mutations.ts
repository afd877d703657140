/**
 * Mutators: small, shrinkable edits applied to a valid response at positions picked by
 * index — a deleted field, a wrong type, a number out of range (negative pages, NaN and
 * Infinity boxes, ranges past the end), an odd string (lone surrogates, NUL, 100,000
 * characters), a huge array, deep nesting, an unknown or prototype-named key, a duplicate.
 */
import fc from 'fast-check';
import { Deep, toJsonText } from './jsonText.js';

export type MutationOp = 'delete' | 'wrongType' | 'badNumber' | 'oddString' | 'hugeArray' | 'deepNest' | 'extraKey' | 'duplicate';

export interface Mutation {
  op: MutationOp;
  /** Which position of the value (modulo their number). */
  at: number;
  /** Which variant of the op (modulo their number). */
  pick: number;
}

export interface MutationScale {
  /** Sizes a huge array may take; the soak adds a million. */
  hugeSizes: readonly number[];
  /** A huge array is cut to about this much JSON text, so a case stays a case and not a disk-filler. */
  hugeBytes: number;
}

export const TEST_SCALE: MutationScale = { hugeSizes: [1_000, 5_000, 20_000], hugeBytes: 1_000_000 };
export const SOAK_SCALE: MutationScale = { hugeSizes: [1_000, 20_000, 100_000, 1_000_000], hugeBytes: 20_000_000 };

const WRONG_TYPES: readonly unknown[] = [null, true, false, 0, 1, -1, '', 'text', '1', [], {}, [null], { a: 1 }];
const BAD_NUMBERS: readonly number[] = [
  -1,
  -0,
  0,
  0.5,
  1.5,
  -0.25,
  2,
  1e9,
  -1e9,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_VALUE,
  Infinity,
  -Infinity,
  NaN,
  1e-300,
];
const ODD_STRINGS: readonly string[] = [
  '\uD800',
  'a\uDC00b',
  '\uDBFF\uDBFF',
  '\u0000',
  '\u202Eevil',
  '\uFEFF',
  '😀😀😀',
  'x'.repeat(100_000),
  '__proto__',
  'constructor',
  '<img src=x onerror=alert(1)>',
  '../../etc/passwd',
  ' ',
  '\n\r\t',
  'NaN',
  'Infinity',
  '-1',
  '1e999',
];
const DEPTHS: readonly number[] = [50, 300, 1_000, 10_000, 100_000];
const EXTRA_KEYS: ReadonlyArray<[string, unknown]> = [
  ['__proto__', { polluted: true }],
  ['constructor', 'x'],
  ['toString', 5],
  ['hasOwnProperty', null],
  ['unknown_field', [1, 'two', { three: 3 }]],
];

/** Common edits often, expensive ones (huge arrays, deep nesting) rarely. */
export function mutationArb(): fc.Arbitrary<Mutation> {
  const op = fc.oneof(
    { weight: 6, arbitrary: fc.constant<MutationOp>('badNumber') },
    { weight: 4, arbitrary: fc.constant<MutationOp>('wrongType') },
    { weight: 4, arbitrary: fc.constant<MutationOp>('delete') },
    { weight: 2, arbitrary: fc.constant<MutationOp>('oddString') },
    { weight: 2, arbitrary: fc.constant<MutationOp>('extraKey') },
    { weight: 2, arbitrary: fc.constant<MutationOp>('duplicate') },
    { weight: 1, arbitrary: fc.constant<MutationOp>('deepNest') },
    { weight: 1, arbitrary: fc.constant<MutationOp>('hugeArray') },
  );
  return fc.record({ op, at: fc.nat(), pick: fc.nat() });
}

export const mutationsArb = (maxLength = 4) => fc.array(mutationArb(), { maxLength });

interface Slot {
  parent: Record<string, unknown> | unknown[];
  key: string | number;
}

/** Applies the mutations to a copy of the value (the original is left alone for shrinking). */
export function applyMutations(value: unknown, mutations: readonly Mutation[], scale: MutationScale): unknown {
  const root = { value: structuredClone(value) as unknown };
  let huge = false;
  for (const mutation of mutations) {
    // One huge array per case: a huge array of huge arrays is a billion elements, not a test.
    if (mutation.op === 'hugeArray' && huge) continue;
    huge ||= mutation.op === 'hugeArray';
    const slots = slotsOf(root);
    const slot = slots[mutation.at % slots.length]!;
    mutate(slot, mutation, scale);
  }
  return root.value;
}

/** Arrays made by the hugeArray op: one element shared by every slot. */
const hugeArrays = new WeakSet<unknown[]>();

/** Every position in the value, the root included; at most 20,000 (a huge array counts once per element up to that). */
function slotsOf(root: { value: unknown }): Slot[] {
  const slots: Slot[] = [{ parent: root as unknown as Record<string, unknown>, key: 'value' }];
  const stack: unknown[] = [root.value];
  while (stack.length > 0 && slots.length < 20_000) {
    const node = stack.pop();
    // Inside a Deep marker or a huge array (one element shared many times) is not edited: one
    // edit there would be repeated 20,000 times.
    if (node instanceof Deep || (Array.isArray(node) && hugeArrays.has(node))) continue;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length && slots.length < 20_000; i++) {
        slots.push({ parent: node, key: i });
        stack.push(node[i]);
      }
    } else if (typeof node === 'object' && node !== null) {
      for (const key of Object.keys(node)) {
        slots.push({ parent: node as Record<string, unknown>, key });
        stack.push((node as Record<string, unknown>)[key]);
      }
    }
  }
  return slots;
}

function mutate(slot: Slot, { op, pick }: Mutation, scale: MutationScale): void {
  const parent = slot.parent as Record<string | number, unknown>;
  const current = parent[slot.key];
  const set = (v: unknown) => Object.defineProperty(parent, slot.key, { value: v, enumerable: true, writable: true, configurable: true });
  switch (op) {
    case 'delete':
      if (Array.isArray(slot.parent)) slot.parent.splice(slot.key as number, 1);
      else delete parent[slot.key];
      return;
    case 'wrongType':
      return void set(structuredClone(WRONG_TYPES[pick % WRONG_TYPES.length]));
    case 'badNumber':
      return void set(BAD_NUMBERS[pick % BAD_NUMBERS.length]);
    case 'oddString':
      return void set(ODD_STRINGS[pick % ODD_STRINGS.length]);
    case 'hugeArray': {
      const element = Array.isArray(current) && current.length > 0 ? current[0] : current;
      const bytes = toJsonText(element).length + 1;
      const size = Math.max(1, Math.min(scale.hugeSizes[pick % scale.hugeSizes.length]!, Math.floor(scale.hugeBytes / bytes)));
      const array = new Array<unknown>(size).fill(element);
      hugeArrays.add(array);
      return void set(array);
    }
    case 'deepNest':
      return void set(new Deep(DEPTHS[pick % DEPTHS.length]!, current, pick % 2 === 0 ? 'array' : 'object'));
    case 'extraKey': {
      const target =
        typeof current === 'object' && current !== null && !Array.isArray(current) && !(current instanceof Deep) ? current : slot.parent;
      if (Array.isArray(target) || target === null) return;
      const [key, extra] = EXTRA_KEYS[pick % EXTRA_KEYS.length]!;
      Object.defineProperty(target, key, { value: structuredClone(extra), enumerable: true, writable: true, configurable: true });
      return;
    }
    case 'duplicate':
      // The same object twice (shared, not cloned: a Deep marker must stay one); JSON text writes it out twice.
      if (Array.isArray(slot.parent)) slot.parent.push(current);
      else if (Array.isArray(current) && current.length > 0) current.push(current[pick % current.length]);
      return;
  }
}
