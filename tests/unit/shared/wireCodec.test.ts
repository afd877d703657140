import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, decodeWire, encodeWire } from '../../../shared/wireCodec.js';
import { decodeWireFrames, encodeWireFrames } from '../../../electron/preview/wireFrames.js';

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

describe('wire frames (the preview bridge answers bytes as they are)', () => {
  it('round-trips answers with bytes anywhere, each run aligned to 8 and a view into the body', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 40 }), { minLength: 1, maxLength: 5 }), fc.string(), (runs, name) => {
        const answer = { ok: true, value: { result: { id: 'r1', name, pageCount: null }, model: runs[0]!, more: runs.slice(1) } };
        const body = encodeWireFrames(answer)!;
        const decoded = decodeWireFrames(body.buffer as ArrayBuffer) as typeof answer;
        expect(decoded.value.result).toEqual(answer.value.result);
        for (const [got, sent] of [
          [decoded.value.model, runs[0]!],
          ...decoded.value.more.map((m, i) => [m, runs[i + 1]!] as const),
        ] as const) {
          expect(got).toBeInstanceOf(Uint8Array);
          expect(Array.from(got)).toEqual(Array.from(sent));
          expect(got.buffer).toBe(body.buffer);
          expect(got.byteOffset % 8).toBe(0);
        }
      }),
    );
  });

  it('leaves answers without bytes to plain JSON', () => {
    expect(encodeWireFrames({ ok: true, value: { id: 'x' } })).toBeNull();
    expect(encodeWireFrames({ ok: false, error: { code: 'result_not_found', message: 'gone' } })).toBeNull();
  });

  it('refuses a header that names bytes the body does not carry', () => {
    const body = encodeWireFrames({ model: new Uint8Array([1, 2, 3]) })!;
    const header = new TextEncoder().encode('{"lengths":[],"value":{"model":{"$bin":0}}}');
    const forged = new Uint8Array(8 + header.length);
    new DataView(forged.buffer).setUint32(0, header.length, true);
    forged.set(header, 4);
    expect(() => decodeWireFrames(forged.buffer)).toThrow(/does not carry/);
    expect(body.length % 8).toBe(0);
  });
});
