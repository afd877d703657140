/**
 * TextEncoder/TextDecoder, which Node and every browser have, typed here because the shared
 * room is type-checked without DOM or Node libraries.
 */
interface Encoder {
  encode(text: string): Uint8Array;
}
interface Decoder {
  decode(bytes: Uint8Array): string;
}
const coding = globalThis as unknown as {
  TextEncoder: new () => Encoder;
  TextDecoder: new (label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }) => Decoder;
};

export const utf8Encoder: Encoder = new coding.TextEncoder();
// A U+FEFF where a slice begins is text (a zero-width no-break space), not a byte order mark to drop.
/** Replaces malformed bytes with U+FFFD. */
export const utf8Decoder: Decoder = new coding.TextDecoder('utf-8', { ignoreBOM: true });
/** Throws on malformed bytes. */
export const strictUtf8Decoder: Decoder = new coding.TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
