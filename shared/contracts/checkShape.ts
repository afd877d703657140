/**
 * `schema.safeParse` for values from outside, where zod itself can throw: with a million
 * failing elements it hands every issue to one call and overflows the stack (found by
 * `npm run soak`). Such a value has failed its check; it is not a crash.
 */
import type { z } from 'zod';

export type ShapeCheck<T> = { success: true; data: T } | { success: false; issue: z.core.$ZodIssue | undefined; tooLarge: boolean };

export function checkShape<S extends z.ZodType>(schema: S, value: unknown): ShapeCheck<z.infer<S>> {
  try {
    const checked = schema.safeParse(value);
    return checked.success ? { success: true, data: checked.data } : { success: false, issue: checked.error.issues[0], tooLarge: false };
  } catch (error) {
    if (error instanceof RangeError) return { success: false, issue: undefined, tooLarge: true };
    throw error;
  }
}
