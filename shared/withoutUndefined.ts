/**
 * Optional fields and `undefined` (the tsconfig turns on exactOptionalPropertyTypes).
 * Data validated by a zod schema's `.optional()` may hold a key set to undefined: zod
 * accepts it, and IPC's structured clone keeps it. Types built by the app say `?: T`
 * (absent, never undefined); these two helpers cross between the two.
 */

/** The validated form of T: each optional field may also be present and undefined. */
export type ValidatedOptional<T> = { [K in keyof T]: T[K] | undefined };

/** T with every key that may hold undefined made optional and never undefined. */
export type WithoutUndefined<T> = T extends unknown
  ? { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
      [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
    }
  : never;

/** The same object without its keys set to undefined (one level deep). */
export function withoutUndefined<T extends object>(value: T): WithoutUndefined<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as WithoutUndefined<T>;
}
