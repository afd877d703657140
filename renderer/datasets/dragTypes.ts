/** The HTML5 drag data type of media dragged from the board (the ids, as JSON). */
export const MEDIA_DRAG_TYPE = 'application/x-groundwork-media';

export function readDraggedIds(data: DataTransfer, fallback: number[] | null): number[] {
  if (fallback && fallback.length > 0) return fallback;
  try {
    const parsed: unknown = JSON.parse(data.getData(MEDIA_DRAG_TYPE));
    const list = Array.isArray(parsed) ? parsed : [parsed];
    return list.filter((n): n is number => Number.isSafeInteger(n));
  } catch {
    return [];
  }
}

/** The HTML5 drag data type of a value chip dragged onto the board (`{name, value}` as JSON). */
export const VALUE_DRAG_TYPE = 'application/x-groundwork-value';

export function readDraggedValue(data: DataTransfer): { name: string; value: string } | null {
  try {
    const parsed = JSON.parse(data.getData(VALUE_DRAG_TYPE)) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { name, value } = parsed as Record<string, unknown>;
    return typeof name === 'string' && typeof value === 'string' ? { name, value } : null;
  } catch {
    return null;
  }
}
