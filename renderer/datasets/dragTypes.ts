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
