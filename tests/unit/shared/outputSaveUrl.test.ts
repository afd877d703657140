import { describe, expect, it } from 'vitest';
import { checkOutputSaveUrl, readPresignedExpiry, requiredWindowMs } from '../../../shared/outputSaveUrl.js';

const NOW = Date.UTC(2025, 0, 2, 3, 0, 0);

describe('presigned URL expiry', () => {
  it.each([
    ['AWS', 'https://b.s3.amazonaws.com/o.json?X-Amz-Date=20250102T030000Z&X-Amz-Expires=3600&X-Amz-Signature=x', NOW + 3_600_000, 'aws'],
    ['GCS', 'https://storage.googleapis.com/b/o?X-Goog-Date=20250102T025000Z&X-Goog-Expires=1200', NOW + 600_000, 'gcs'],
    ['Azure', 'https://a.blob.core.windows.net/c/o?sv=2022&se=2025-01-02T04%3A00%3A00Z&sig=x', NOW + 3_600_000, 'azure'],
    ['generic', `https://cdn.example.com/o?Expires=${NOW / 1000 + 120}&Signature=x`, NOW + 120_000, 'generic'],
  ])('reads %s expiry', (_name, url, expiresAt, source) => {
    expect(readPresignedExpiry(url)).toEqual({ expiresAt, source });
  });

  it('returns null for a URL without expiry parameters', () => {
    expect(readPresignedExpiry('https://example.com/upload')).toBeNull();
  });

  it('needs 15 minutes plus 3 s per page', () => {
    expect(requiredWindowMs(0)).toBe(900_000);
    expect(requiredWindowMs(10)).toBe(930_000);
  });

  it.each([
    ['long enough', 3600, 10, true],
    ['exactly the window', 930, 10, true],
    ['one second short', 929, 10, false],
    ['already expired', 0, 1, false],
  ])('judges a window that is %s', (_name, seconds, pages, ok) => {
    const url = `https://b.s3.amazonaws.com/o?X-Amz-Date=20250102T030000Z&X-Amz-Expires=${seconds}`;
    const check = checkOutputSaveUrl(url, pages, NOW);
    expect(check.ok).toBe(ok);
    if (!check.ok) expect(check.message).toContain('15 min');
  });

  it('warns when the expiry cannot be read, and refuses non-http URLs', () => {
    const unknown = checkOutputSaveUrl('https://example.com/put-here', 2, NOW);
    expect(unknown.ok && unknown.warnings[0]).toMatch(/could not be read/);
    expect(checkOutputSaveUrl('ftp://example.com/x', 1, NOW)).toMatchObject({ ok: false, code: 'invalid_url' });
  });
});

describe('output_save_url scheme', () => {
  const expiring = '?X-Amz-Date=20250102T030000Z&X-Amz-Expires=3600';

  it.each(['http://bucket.example.com/o', 'http://10.0.0.5/o', 'http://127.0.0.1.example.com/o', 'http://localhost.example.com/o'])(
    'refuses plain http off this computer: %s',
    (url) => {
      const check = checkOutputSaveUrl(`${url}${expiring}`, 1, NOW);
      expect(check).toMatchObject({ ok: false, code: 'invalid_url' });
      if (!check.ok) expect(check.message).toMatch(/must be https/);
    },
  );

  it.each([
    'http://127.0.0.1:9000/o',
    'http://[::1]:9000/o',
    'http://localhost:9000/o',
    'http://LOCALHOST/o',
    'https://bucket.example.com/o',
  ])('takes https, and plain http to this computer: %s', (url) => {
    expect(checkOutputSaveUrl(`${url}${expiring}`, 1, NOW).ok).toBe(true);
  });
});
