/** A small UI preference kept across sessions in localStorage; a blocked or full storage just forgets. */
export function readRemembered<T>(key: string, fallback: T, valid: (value: unknown) => value is T): T {
  try {
    const raw = localStorage.getItem(`groundwork.${key}`);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function writeRemembered(key: string, value: unknown): void {
  try {
    localStorage.setItem(`groundwork.${key}`, JSON.stringify(value));
  } catch {
    // Not remembered; the choice still holds for this session.
  }
}

export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
