import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, decodeWire, encodeWire } from '../../../shared/wireCodec.js';

describe('wire codec', () => {
  it('round-trips bytes through base64 exactly, matching Node', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const encoded = bytesToBase64(bytes);
        expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
        expect(Array.from(base64ToBytes(encoded))).toEqual(Array.from(bytes));
      }),
    );
  });

  it('carries Uint8Array values nested in requests', () => {
    const request = { name: 'a.pdf', document: new Uint8Array([37, 80, 68, 70, 0, 255]), nested: [{ bytes: new Uint8Array([1]) }] };
    const decoded = decodeWire(encodeWire(request)) as typeof request;
    expect(decoded.document).toBeInstanceOf(Uint8Array);
    expect(Array.from(decoded.document)).toEqual([37, 80, 68, 70, 0, 255]);
    expect(Array.from(decoded.nested[0]!.bytes)).toEqual([1]);
  });

  it('leaves ordinary objects that merely have a $bytes field alongside others alone', () => {
    expect(decodeWire('{"$bytes":"AA==","other":1}')).toEqual({ $bytes: 'AA==', other: 1 });
  });
});
