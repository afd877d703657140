/**
 * Limits on parsed JSON from outside (service answers, imported files), checked in one walk
 * without recursion, before anything else reads it. JSON.parse reads a million levels, but
 * the schema checks and JSON.stringify (storing a result) overflow the stack at a few
 * thousand; and a result of millions of objects would take the review screen many seconds
 * to build. No real result comes near either limit: the 1,000-page benchmark document
 * (61,000 nodes) is under a million objects and nests about ten levels.
 */
export const MAX_JSON_DEPTH = 256;
export const MAX_JSON_OBJECTS = 3_000_000;

/** Why the value is beyond the limits, in words for a message ("it nests …"), or null when it is within them. */
export function jsonBeyondLimits(value: unknown, limits = { depth: MAX_JSON_DEPTH, objects: MAX_JSON_OBJECTS }): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const values: object[] = [value];
  const depths: number[] = [1];
  let objects = 0;
  while (values.length > 0) {
    const current = values.pop()!;
    const depth = depths.pop()!;
    if (depth > limits.depth) return `it nests more than ${limits.depth} levels deep`;
    if (++objects > limits.objects) return `it holds more than ${limits.objects.toLocaleString('en')} objects and arrays`;
    const children = Array.isArray(current) ? current : Object.values(current);
    for (const child of children) {
      if (typeof child === 'object' && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return null;
}
