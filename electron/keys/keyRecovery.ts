import { AppError } from '../../shared/errors.js';
import type { KeyKind } from '../../shared/keys.js';
import type { AppNotice } from '../../shared/ipc/app.js';
import { validateAddress, validateKeySecrets } from './keyValidation.js';

/** A keychain entry under our namespace whose settings were lost, as read back. */
export interface FoundKey {
  kind: KeyKind;
  secret: string;
  secret2?: string | undefined;
}

/**
 * Why a key found in the keychain may not be listed again, or null if it may. It passes
 * the same checks as a key being added: anything that can write to the keychain could
 * have put it there, and it would be sent to the address it is given.
 */
export function recoveryProblem(found: FoundKey, address: string): string | null {
  try {
    validateKeySecrets(found.kind, found.secret, found.secret2);
    validateAddress(address);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
}

/** The start-up notice for keys left out of recovery; their secrets are never quoted. */
export function refusedRecoveryNotice(reasons: string[]): AppNotice {
  const count = reasons.length;
  const shown = reasons.slice(0, 3).join(' ');
  return {
    id: 'keys:recovery-refused',
    level: 'warning',
    message: `${count} key${count === 1 ? '' : 's'} found in the system keychain ${count === 1 ? 'was' : 'were'} not listed again: ${shown}${count > 3 ? ` (and ${count - 3} more)` : ''}`,
    hint: 'Add the key again on the Keys screen. The keychain entries were left as they are; remove them with your keychain tool if they are not yours.',
  };
}
