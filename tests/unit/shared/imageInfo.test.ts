import { describe, expect, it } from 'vitest';
import { readImageInfo } from '../../../shared/imageInfo.js';
import { whitePng } from '../../support/png.js';
import { greyTiff, scanJpeg, scanPng, type ScanSpec } from '../../support/scans.js';

describe('image headers', () => {
  it('reads the size of every format the app opens from its header', () => {
    const spec: ScanSpec = { width: 321, height: 123, texts: [] };
    expect(readImageInfo(scanPng(spec), 'image/png')).toEqual({ width: 321, height: 123, pages: 1 });
    expect(readImageInfo(scanJpeg(spec), 'image/jpeg')).toEqual({ width: 321, height: 123, pages: 1 });
    expect(readImageInfo(greyTiff([spec, spec]), 'image/tiff')).toEqual({ width: 321, height: 123, pages: 2 });
    expect(readImageInfo(whitePng(20_000, 20_000), 'image/png')).toEqual({ width: 20_000, height: 20_000, pages: 1 });
    const gif = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x41, 0x01, 0x7b, 0x00]);
    expect(readImageInfo(gif, 'image/gif')).toEqual({ width: 321, height: 123, pages: 1 });
    const bmp = new Uint8Array(54);
    new DataView(bmp.buffer).setUint32(14, 40, true);
    new DataView(bmp.buffer).setInt32(18, 321, true);
    new DataView(bmp.buffer).setInt32(22, -123, true); // top-down
    expect(readImageInfo(bmp, 'image/bmp')).toEqual({ width: 321, height: 123, pages: 1 });
    const webp = new Uint8Array(30);
    webp.set(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8X'));
    new DataView(webp.buffer).setUint16(24, 320, true);
    new DataView(webp.buffer).setUint16(27, 122, true);
    expect(readImageInfo(webp, 'image/webp')).toEqual({ width: 321, height: 123, pages: 1 });
    expect(readImageInfo(scanPng(spec).slice(0, 20), 'image/png')).toBeNull();
  });
});
