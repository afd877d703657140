import { useState } from 'react';
import { findPredictions } from '../../shared/datasets/predictions.js';

/** One image with what the inference answer found drawn on it: boxes with label and score, or image-level labels in a banner (v1.inference.result). */
export function PredictionStage({ url, name, result }: { url: string; name: string; result: unknown }) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null);
  const predictions = result === undefined ? [] : findPredictions(result);
  const withBoxes = predictions.filter((p) => p.box);
  const labels = predictions.filter((p) => !p.box && p.label !== null);
  return (
    <div className="inference-stage">
      <img src={url} alt={name} onLoad={(e) => setSize({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })} />
      {size
        ? withBoxes.map((p, i) => {
            const b = p.box!;
            const [sx, sy] = p.normalized ? [1, 1] : [size.w, size.h];
            return (
              <div
                key={i}
                className="pred-box"
                data-testid="pred-box"
                style={{
                  left: `${(b.xmin / sx) * 100}%`,
                  top: `${(b.ymin / sy) * 100}%`,
                  width: `${((b.xmax - b.xmin) / sx) * 100}%`,
                  height: `${((b.ymax - b.ymin) / sy) * 100}%`,
                }}
              >
                <span className="pred-label">
                  {p.label ?? ''} {p.score !== null ? p.score.toFixed(2) : ''}
                </span>
              </div>
            );
          })
        : null}
      {labels.length > 0 ? (
        <div className="pred-banner" data-testid="pred-label">
          {labels.map((p) => `${p.label}${p.score !== null ? ` (${p.score.toFixed(2)})` : ''}`).join(' · ')}
        </div>
      ) : null}
    </div>
  );
}
