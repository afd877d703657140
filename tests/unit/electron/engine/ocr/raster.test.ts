import { describe, expect, it } from 'vitest';
import { OCR_LIMITS } from '../../../../../electron/engine/engineLimits.js';
import { planRaster } from '../../../../../electron/engine/ocr/raster.js';

describe('the OCR raster', () => {
  it('draws a page at 300 DPI when it fits the pixel budget, coarser when it does not', () => {
    const letter = planRaster(612, 792, 300 / 72, OCR_LIMITS);
    expect(letter).toMatchObject({ width: 2550, height: 3300 });
    const a3 = planRaster(842, 1191, 300 / 72, OCR_LIMITS);
    expect(a3.width * a3.height).toBeLessThanOrEqual(OCR_LIMITS.maxRasterPixels);
    expect(a3.scale * 72).toBeGreaterThan(200);
    const strip = planRaster(20_000, 100, 300 / 72, OCR_LIMITS);
    expect(strip.width).toBe(OCR_LIMITS.maxRasterSide);
  });
});
