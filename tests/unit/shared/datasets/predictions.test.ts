import { describe, expect, it } from 'vitest';
import { findPredictions } from '../../../../shared/datasets/predictions.js';

describe('predictions in an inference result', () => {
  it('finds a classification label', () => {
    expect(findPredictions({ type: 'ClassificationPrediction', predictions: { labelName: 'ok', labelIndex: 0, score: 0.9 } })).toEqual([
      { label: 'ok', score: 0.9, box: null, normalized: false, path: 'predictions' },
    ]);
  });

  it('finds boxes in pixel and fraction forms', () => {
    const found = findPredictions({
      backbonepredictions: { a: { labelName: 'dent', score: 0.8, coordinates: { xmin: 10, ymin: 20, xmax: 50, ymax: 60 } } },
      more: [
        { label: 'scratch', bbox: [0.1, 0.1, 0.5, 0.4] },
        { class: 'x', box: { x: 1, y: 2, width: 3, height: 4 } },
      ],
    });
    expect(found.map((p) => [p.label, p.box, p.normalized])).toEqual([
      ['dent', { xmin: 10, ymin: 20, xmax: 50, ymax: 60 }, false],
      ['scratch', { xmin: 0.1, ymin: 0.1, xmax: 0.5, ymax: 0.4 }, true],
      ['x', { xmin: 1, ymin: 2, xmax: 4, ymax: 6 }, false],
    ]);
  });
});
