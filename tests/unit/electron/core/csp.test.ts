import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../../electron/core/csp.js';

describe('the content security policy', () => {
  it('runs only our scripts and lets the renderer reach nothing but itself', () => {
    const directives: Record<string, string[]> = Object.fromEntries(
      CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
    );
    expect(directives['default-src']).toEqual(["'none'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['connect-src']?.every((s) => ["'self'", 'blob:', 'data:'].includes(s))).toBe(true);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)/);
  });
});
