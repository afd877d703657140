/**
 * Finds what can be drawn in an inference result whose shape is not fixed by the contract
 * (v1.inference.result). Recognized: objects with a label (`labelName`,
 * `label`, `class`, `name`) and/or a score, and a box as `coordinates`/`bbox`/`box`
 * in `{xmin, ymin, xmax, ymax}`, `{x, y, width, height}` or `[x1, y1, x2, y2]` form, in
 * pixels or as fractions of the image (all values ≤ 1).
 */
export interface Prediction {
  label: string | null;
  score: number | null;
  /** Pixels or fractions, see `normalized`. */
  box: { xmin: number; ymin: number; xmax: number; ymax: number } | null;
  normalized: boolean;
  /** Where in the JSON it was found, e.g. `predictions` or `backbonepredictions.ab12`. */
  path: string;
}

const LABEL_KEYS = ['labelName', 'label_name', 'label', 'className', 'class', 'category'];
const SCORE_KEYS = ['score', 'confidence', 'probability', 'prob'];
const BOX_KEYS = ['coordinates', 'bbox', 'box', 'bounding_box', 'boundingBox'];

export function findPredictions(result: unknown, limit = 500): Prediction[] {
  const found: Prediction[] = [];
  const visit = (value: unknown, path: string, depth: number) => {
    if (found.length >= limit || depth > 8 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, path ? `${path}.${i}` : String(i), depth + 1));
      return;
    }
    const record = value as Record<string, unknown>;
    const label = LABEL_KEYS.map((k) => record[k]).find((v) => typeof v === 'string' || typeof v === 'number');
    const score = SCORE_KEYS.map((k) => record[k]).find((v) => typeof v === 'number');
    const box = BOX_KEYS.map((k) => readBox(record[k])).find((b) => b !== null) ?? readBox(record);
    if (label !== undefined || box) {
      found.push({
        label: label === undefined ? null : String(label),
        score: typeof score === 'number' ? score : null,
        box,
        normalized: box !== null && [box.xmin, box.ymin, box.xmax, box.ymax].every((n) => n >= 0 && n <= 1),
        path,
      });
      if (box || label !== undefined) return;
    }
    for (const [key, child] of Object.entries(record)) visit(child, path ? `${path}.${key}` : key, depth + 1);
  };
  visit(result, '', 0);
  return found;
}

function readBox(value: unknown): Prediction['box'] {
  if (Array.isArray(value) && value.length === 4 && value.every((n) => typeof n === 'number')) {
    const [x1, y1, x2, y2] = value as [number, number, number, number];
    return x2 > x1 && y2 > y1 ? { xmin: x1, ymin: y1, xmax: x2, ymax: y2 } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  const n = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : undefined);
  const [xmin, ymin, xmax, ymax] = [n('xmin'), n('ymin'), n('xmax'), n('ymax')];
  if (xmin !== undefined && ymin !== undefined && xmax !== undefined && ymax !== undefined)
    return xmax > xmin && ymax > ymin ? { xmin, ymin, xmax, ymax } : null;
  const [x, y, w, h] = [n('x'), n('y'), n('width') ?? n('w'), n('height') ?? n('h')];
  if (x !== undefined && y !== undefined && w !== undefined && h !== undefined && w > 0 && h > 0)
    return { xmin: x, ymin: y, xmax: x + w, ymax: y + h };
  return null;
}
