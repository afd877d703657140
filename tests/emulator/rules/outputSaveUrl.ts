/**
 * The `output_save_url` rule at job creation: refused (422) when it has already expired or
 * stays valid for less than 15 minutes plus 3 seconds per document page; the message names
 * the exact window. The expiry is read from the presigned-URL schemes the emulator knows.
 */
export const SAVE_WINDOW = { floorSeconds: 15 * 60, perPageSeconds: 3 };

export type SaveUrlVerdict = { ok: true } | { ok: false; code: 'invalid_url' | 'validation_error'; message: string };

export function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function judgeOutputSaveUrl(value: string, pages: number, now: number): SaveUrlVerdict {
  if (!isWebUrl(value)) return { ok: false, code: 'invalid_url', message: `output_save_url must be an http or https URL; got "${value}".` };
  const expiresAt = expiryOf(new URL(value));
  if (expiresAt === null) return { ok: true };
  const neededSeconds = SAVE_WINDOW.floorSeconds + SAVE_WINDOW.perPageSeconds * pages;
  const window = `${spell(neededSeconds)} (15 minutes + 3 seconds for each of ${pages} page${pages === 1 ? '' : 's'})`;
  const leftSeconds = Math.floor((expiresAt - now) / 1000);
  if (leftSeconds <= 0)
    return {
      ok: false,
      code: 'validation_error',
      message: `output_save_url has already expired; it must stay valid for at least ${window} from submission.`,
    };
  if (leftSeconds < neededSeconds) {
    return {
      ok: false,
      code: 'validation_error',
      message: `output_save_url stays valid for ${spell(leftSeconds)} only; it must stay valid for at least ${window} from submission.`,
    };
  }
  return { ok: true };
}

/** `909` → `15 min 9 s`. */
function spell(totalSeconds: number): string {
  const min = Math.floor(totalSeconds / 60);
  const s = totalSeconds % 60;
  if (min === 0) return `${s} s`;
  return s === 0 ? `${min} min` : `${min} min ${s} s`;
}

/** Epoch ms at which a presigned URL expires, or null when it states none the emulator can read. */
export function expiryOf(url: URL): number | null {
  const param = (name: string) => {
    for (const [key, value] of url.searchParams) if (key.toLowerCase() === name) return value;
    return undefined;
  };
  // AWS SigV4 and GCS V4: a signing time and a lifetime in seconds.
  for (const vendor of ['x-amz', 'x-goog']) {
    const signedAt = compactUtc(param(`${vendor}-date`));
    const lifetime = param(`${vendor}-expires`);
    if (signedAt !== null && lifetime !== undefined && /^\d+$/.test(lifetime)) return signedAt + Number(lifetime) * 1000;
  }
  // Azure SAS: signed expiry as an ISO 8601 time.
  const se = param('se');
  if (se !== undefined && !Number.isNaN(Date.parse(se))) return Date.parse(se);
  // S3 SigV2, CloudFront and others: epoch seconds.
  const expires = param('expires');
  if (expires !== undefined && /^\d+$/.test(expires)) return Number(expires) * 1000;
  return null;
}

/** `YYYYMMDDTHHMMSSZ` → epoch ms. */
function compactUtc(value: string | undefined): number | null {
  const m = value === undefined ? null : /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
}
