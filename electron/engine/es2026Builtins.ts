/**
 * pdf.js 6's modern build calls ES2026 builtins that Electron 45's V8 ships and Node 24's V8
 * (the preview, the tests, the service emulator) does not: Map and WeakMap
 * `getOrInsert`/`getOrInsertComputed`, `Math.sumPrecise`, Uint8Array `toHex`/`toBase64`/
 * `fromBase64`. Each is added only where missing and never replaces a native one, so in the
 * app this does nothing. (pdf.js's legacy build instead loads core-js, which replaced natives
 * such as JSON.stringify with slow copies in every realm it ran in.)
 */

type Upsert<K, V> = { get(key: K): V | undefined; has(key: K): boolean; set(key: K, value: V): unknown };

function addMissing(target: object, name: string, value: unknown): void {
  if (!(name in target)) Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
}

for (const proto of [Map.prototype, WeakMap.prototype] as Upsert<unknown, unknown>[]) {
  addMissing(proto, 'getOrInsert', function getOrInsert(this: Upsert<unknown, unknown>, key: unknown, value: unknown) {
    if (!this.has(key)) this.set(key, value);
    return this.get(key);
  });
  addMissing(
    proto,
    'getOrInsertComputed',
    function getOrInsertComputed(this: Upsert<unknown, unknown>, key: unknown, compute: (key: unknown) => unknown) {
      if (!this.has(key)) this.set(key, compute(key));
      return this.get(key);
    },
  );
}

/** Neumaier's compensated sum: exact for the integer sizes pdf.js adds up, close to the spec's exact sum otherwise. */
addMissing(Math, 'sumPrecise', function sumPrecise(values: Iterable<number>): number {
  let sum = -0;
  let compensation = 0;
  for (const value of values) {
    if (typeof value !== 'number') throw new TypeError('Math.sumPrecise takes numbers only');
    const next = sum + value;
    compensation += Math.abs(sum) >= Math.abs(value) ? sum - next + value : value - next + sum;
    sum = next;
  }
  return sum + compensation;
});

addMissing(Uint8Array.prototype, 'toHex', function toHex(this: Uint8Array): string {
  return Buffer.from(this.buffer, this.byteOffset, this.byteLength).toString('hex');
});
addMissing(
  Uint8Array.prototype,
  'toBase64',
  function toBase64(this: Uint8Array, options?: { alphabet?: 'base64' | 'base64url'; omitPadding?: boolean }): string {
    const text = Buffer.from(this.buffer, this.byteOffset, this.byteLength).toString(
      options?.alphabet === 'base64url' ? 'base64url' : 'base64',
    );
    return options?.omitPadding ? text.replace(/=+$/, '') : text;
  },
);
addMissing(Uint8Array, 'fromBase64', function fromBase64(text: string, options?: { alphabet?: 'base64' | 'base64url' }): Uint8Array {
  if (typeof text !== 'string') throw new TypeError('Uint8Array.fromBase64 takes a string');
  return new Uint8Array(Buffer.from(text, options?.alphabet === 'base64url' ? 'base64url' : 'base64'));
});
