/**
 * A fuzzed value as the text a service could send. JSON has no NaN or Infinity: a JS
 * service sends NaN as null, and `1e999` parses back as Infinity, so that is how Infinity
 * travels. Deep nesting is a marker written out as text, since JSON.stringify itself
 * cannot nest 10,000 levels; `materialize` builds the real value for loaders fed directly.
 */
export class Deep {
  constructor(
    readonly depth: number,
    readonly inner: unknown,
    readonly as: 'array' | 'object',
  ) {}
}

const MARK = '\u0000gw-fuzz:';

export function toJsonText(value: unknown): string {
  const tokens: string[] = [];
  const token = (text: string) => {
    tokens.push(text);
    return `${MARK}${tokens.length - 1}`;
  };
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (v instanceof Deep) return token(deepText(v));
    if (typeof v === 'number' && !Number.isFinite(v)) return Number.isNaN(v) ? null : token(v > 0 ? '1e999' : '-1e999');
    return v;
  });
  if (text === undefined) return '';
  return tokens.length === 0 ? text : text.replace(/"\\u0000gw-fuzz:(\d+)"/g, (_m, i: string) => tokens[Number(i)]!);
}

function deepText(deep: Deep): string {
  const inner = toJsonText(deep.inner) || 'null';
  return deep.as === 'array'
    ? `${'['.repeat(deep.depth)}${inner}${']'.repeat(deep.depth)}`
    : `${'{"d":'.repeat(deep.depth)}${inner}${'}'.repeat(deep.depth)}`;
}

/** The value with its Deep markers built out (iteratively: a loader may see 100,000 levels). */
export function materialize(value: unknown): unknown {
  if (value instanceof Deep) {
    let out = materialize(value.inner);
    for (let i = 0; i < value.depth; i++) out = value.as === 'array' ? [out] : { d: out };
    return out;
  }
  if (Array.isArray(value)) {
    // Huge arrays are one element repeated: build each distinct element once.
    const seen = new Map<unknown, unknown>();
    let changed = false;
    const out = value.map((item) => {
      if (!seen.has(item)) seen.set(item, materialize(item));
      const built = seen.get(item);
      if (built !== item) changed = true;
      return built;
    });
    return changed ? out : value;
  }
  if (typeof value === 'object' && value !== null) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) {
      const item = (value as Record<string, unknown>)[key];
      const built = materialize(item);
      if (built !== item) changed = true;
      Object.defineProperty(out, key, { value: built, enumerable: true, writable: true, configurable: true });
    }
    return changed ? out : value;
  }
  return value;
}
