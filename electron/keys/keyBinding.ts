import { AppError } from '../../shared/errors.js';
import type { KeyRecord } from '../settings/settings.js';
import { isBound, type KeychainPayload } from './keychainPayload.js';

const REBIND_HINT =
  'If the new address is right, enter it again on the Keys screen (Change address) and confirm it in Groundwork’s own dialog; ' +
  'otherwise put settings.json back as it was.';

/**
 * Where a key may go, from its keychain entry, checked against settings.json: the file may
 * show less than the binding (a host forgotten, a write cut short) but never more. An address
 * that differs, or an inference host the keychain does not hold, was changed outside the
 * app, and the key is not sent anywhere until the user re-binds it.
 */
export function boundDestinations(
  record: KeyRecord,
  payload: KeychainPayload & { address: string },
): { address: string; inferenceOrigins: string[] } {
  const problem = destinationProblem(record, payload);
  if (problem) throw new AppError({ code: 'key_address_changed', message: `${problem} Nothing was sent.`, hint: REBIND_HINT });
  return { address: payload.address, inferenceOrigins: record.inferenceOrigins ?? [] };
}

/** What settings.json says of a bound key that its keychain entry does not, in words; null when they agree (or it is not bound yet). */
export function destinationProblem(record: KeyRecord, payload: KeychainPayload): string | null {
  if (!isBound(payload)) return null;
  if (record.address !== payload.address) {
    return `The address of the key "${record.name}" was changed outside Groundwork: settings.json says ${record.address}, but the key was saved for ${payload.address}.`;
  }
  const unbound = (record.inferenceOrigins ?? []).filter((origin) => !(payload.inferenceOrigins ?? []).includes(origin));
  if (unbound.length > 0) {
    return `The inference hosts of the key "${record.name}" were changed outside Groundwork: settings.json lists ${unbound.join(', ')}, never confirmed for it in Groundwork.`;
  }
  return null;
}
