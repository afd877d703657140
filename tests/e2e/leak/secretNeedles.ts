/**
 * The forms a secret could leak in: any 12-character stretch of it (the masked form shows
 * only 4 + 4, so a longer stretch is a leak), and the whole secret base64-encoded (at each
 * of the three alignments it can have inside a longer encoded string, standard and URL
 * alphabets), URL-encoded, and as UTF-16 (how Chromium and Windows store strings).
 */
export interface Needle {
  secretName: string;
  form: string;
  bytes: Buffer;
}

const WINDOW = 12;

export function needlesFor(secretName: string, secret: string): Needle[] {
  if (secret.length < 24) throw new Error('Leak needles need secrets of at least 24 characters.');
  const needles: Needle[] = [];
  const add = (form: string, text: string, encoding: BufferEncoding = 'utf8') =>
    needles.push({ secretName, form, bytes: Buffer.from(text, encoding) });
  for (let i = 0; i + WINDOW <= secret.length; i++) add(`characters ${i}–${i + WINDOW}`, secret.slice(i, i + WINDOW));
  for (let shift = 0; shift < 3; shift++) {
    // Only whole base64 quanta: the ends depend on whatever surrounds the secret.
    const part = secret.slice(shift);
    const whole = Buffer.from(part.slice(0, part.length - (part.length % 3))).toString('base64');
    add(`base64 (shift ${shift})`, whole);
    add(`base64url (shift ${shift})`, whole.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  const urlEncoded = encodeURIComponent(secret);
  if (urlEncoded !== secret) {
    add('URL-encoded', urlEncoded);
    add(
      'URL-encoded, lower-case hex',
      urlEncoded.replace(/%[0-9A-F]{2}/g, (h) => h.toLowerCase()),
    );
  }
  add('UTF-16', secret, 'utf16le');
  return needles;
}

/** Where one haystack holds one needle: a readable line for the failure list. */
export function findNeedles(place: string, haystack: Buffer, needles: readonly Needle[]): string[] {
  const hits = new Map<string, string>();
  for (const needle of needles) {
    const at = haystack.indexOf(needle.bytes);
    if (at >= 0 && !hits.has(needle.secretName))
      hits.set(needle.secretName, `${place}: ${needle.secretName} (${needle.form}) at byte ${at}`);
  }
  return [...hits.values()];
}
