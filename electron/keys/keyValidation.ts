import { AppError } from '../../shared/errors.js';
import { KEY_NAME_MAX, type KeyKind } from '../../shared/keys.js';
import { TRANSPORT_HINT, transportProblem } from '../api/keyDestinations.js';

const SECRET_MAX = 4096;

function invalid(field: string, code: string, message: string, hint: string): AppError {
  return new AppError({ code, message, hint, fields: { [field]: message } });
}

/** A key name: trimmed, non-empty, printable, not too long. Uniqueness is checked by the service. */
export function validateKeyName(raw: string): string {
  const name = raw.trim();
  if (name.length === 0) {
    throw invalid('name', 'invalid_key_name', 'The key needs a name.', 'Name it after where it is used, e.g. "Invoices team".');
  }
  if (Array.from(name).length > KEY_NAME_MAX) {
    throw invalid('name', 'invalid_key_name', `The name is longer than ${KEY_NAME_MAX} characters.`, 'Use a shorter name.');
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this strips or refuses
  if (/[\u0000-\u001f\u007f]/.test(name)) {
    throw invalid('name', 'invalid_key_name', 'The name contains a control character.', 'Type the name again without line breaks or tabs.');
  }
  return name;
}

/**
 * A secret as pasted. Keys never contain whitespace or control characters, so any we
 * find is a copy-and-paste accident; saying where it is beats storing a key that fails.
 */
export function validateSecret(secret: string, field: 'secret' | 'secret2'): string {
  const what = field === 'secret' ? 'key' : 'secret';
  if (secret.length === 0) {
    throw invalid(field, 'invalid_key_secret', `The ${what} is empty.`, `Paste the ${what} from your account's API key page.`);
  }
  if (secret.length > SECRET_MAX) {
    throw invalid(
      field,
      'invalid_key_secret',
      `The ${what} is longer than ${SECRET_MAX} characters.`,
      'Check that only the key was copied.',
    );
  }
  const chars = Array.from(secret);
  const bad = chars.findIndex((c) => /\s/u.test(c) || /\p{Cc}|\p{Cf}/u.test(c));
  if (bad >= 0) {
    const kind = /\s/u.test(chars[bad] as string) ? 'a space or line break' : 'an invisible control character';
    throw invalid(
      field,
      'invalid_key_secret',
      `The ${what} contains ${kind} at character ${bad + 1}.`,
      `API ${what}s have none. Copy the ${what} again, without surrounding spaces or line breaks.`,
    );
  }
  return secret;
}

export function validateKeySecrets(kind: KeyKind, secret: string, secret2: string | undefined): { secret: string; secret2?: string } {
  const key = validateSecret(secret, 'secret');
  if (kind === 'v1-legacy') {
    if (secret2 === undefined) {
      throw invalid(
        'secret2',
        'invalid_key_secret',
        'A legacy pair needs its secret too.',
        'Paste the API secret that was issued with this key.',
      );
    }
    return { secret: key, secret2: validateSecret(secret2, 'secret2') };
  }
  if (secret2 !== undefined && secret2 !== '') {
    throw invalid(
      'secret2',
      'invalid_key_secret',
      'Only a v1 legacy pair has a secret.',
      'Choose the kind "v1 legacy key + secret" or leave the secret empty.',
    );
  }
  return { secret: key };
}

/**
 * A service address: the key transport rule (https, or plain http only on this computer).
 * No credentials, query or fragment; no trailing slash, so paths append cleanly.
 */
export function validateAddress(raw: string): string {
  return checkAddress(raw, 'address', { allowQuery: false }).toString().replace(/\/+$/, '');
}

/**
 * A deployment's inference endpoint, which the key is sent to: the same transport rule,
 * no credentials; its query (`?endpoint_id=…`) is kept.
 */
export function validateEndpointUrl(raw: string): URL {
  return checkAddress(raw, 'endpoint', { allowQuery: true });
}

function checkAddress(raw: string, field: 'address' | 'endpoint', options: { allowQuery: boolean }): URL {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid(field, 'invalid_address', `"${text.slice(0, 100)}" is not a web address.`, 'Use the form https://host[:port][/path].');
  }
  const problem = transportProblem(url);
  if (problem) throw invalid(field, 'invalid_address', problem, TRANSPORT_HINT);
  if (url.username || url.password) {
    throw invalid(field, 'invalid_address', 'The address must not contain a user name or password.', 'Remove the part before "@".');
  }
  if ((url.search && !options.allowQuery) || url.hash) {
    throw invalid(
      field,
      'invalid_address',
      `The address must not contain ${options.allowQuery ? '"#"' : '"?" or "#"'} parts.`,
      'Use only scheme, host, port and path.',
    );
  }
  return url;
}
