import { describe, expect, it } from 'vitest';
import { maskSecret } from '../../../../shared/keys.js';
import { validateAddress, validateKeyName, validateKeySecrets, validateSecret } from '../../../../electron/keys/keyValidation.js';

const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('key names', () => {
  it.each([
    ['', 'invalid_key_name'],
    ['   ', 'invalid_key_name'],
    ['a'.repeat(81), 'invalid_key_name'],
    ['tab\there', 'invalid_key_name'],
    ['Invoices team', 'accepted'],
    ['🚀'.repeat(80), 'accepted'],
  ])('%j → %s', (name, expected) => expect(codeOf(() => validateKeyName(name))).toBe(expected));
});

describe('secrets', () => {
  it.each([
    ['', 'invalid_key_secret'],
    ['sk_live abc', 'invalid_key_secret'],
    ['sk_live_abc\n', 'invalid_key_secret'],
    [' sk_live_abc', 'invalid_key_secret'],
    ['sk_live\u200babc', 'invalid_key_secret'],
    ['sk_live\u0007abc', 'invalid_key_secret'],
    ['sk_live\u00a0abc', 'invalid_key_secret'],
    ['x'.repeat(4097), 'invalid_key_secret'],
    ['sk_live_abcDEF123-_.=', 'accepted'],
  ])('%j → %s', (secret, expected) => expect(codeOf(() => validateSecret(secret, 'secret'))).toBe(expected));

  it('says where the stray character is', () => {
    expect(() => validateSecret('abc def', 'secret')).toThrow('a space or line break at character 4');
  });

  it('only legacy pairs carry a second secret', () => {
    expect(codeOf(() => validateKeySecrets('v2', 'sk_abcdef', 'extra'))).toBe('invalid_key_secret');
    expect(codeOf(() => validateKeySecrets('v1-legacy', 'sk_abcdef', undefined))).toBe('invalid_key_secret');
    expect(validateKeySecrets('v1-legacy', 'key_1', 'secret_1')).toEqual({ secret: 'key_1', secret2: 'secret_1' });
  });
});

describe('service addresses', () => {
  it.each([
    ['https://api.ade.landing.ai/', 'https://api.ade.landing.ai'],
    ['https://proxy.example.com/ade/', 'https://proxy.example.com/ade'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://localhost:8787/', 'http://localhost:8787'],
  ])('%s is kept as %s', (input, expected) => expect(validateAddress(input)).toBe(expected));

  it.each([
    'http://api.example.com',
    'ftp://example.com',
    'not a url',
    'https://user:pw@example.com',
    'https://example.com/?key=1',
    'javascript:alert(1)',
  ])('%s is refused', (input) => expect(codeOf(() => validateAddress(input))).toBe('invalid_address'));
});

describe('masking', () => {
  it('shows the ends of long keys and hides short ones almost entirely', () => {
    expect(maskSecret('sk_live_0123456789abcdef')).toBe('sk_l********cdef');
    expect(maskSecret('abcdefghijklmn')).toBe('********klmn');
    expect(maskSecret('abcdefgh')).toBe('********gh');
    expect(maskSecret('abc')).toBe('********');
  });

  it('never reveals more than a third of a key, nor more than eight characters', () => {
    for (let length = 1; length < 64; length++) {
      const shown = maskSecret('x'.repeat(length)).replace(/\*/g, '').length;
      expect(shown).toBeLessThanOrEqual(Math.min(8, Math.floor(length / 3)));
    }
  });
});
