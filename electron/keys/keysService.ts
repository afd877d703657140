import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../shared/errors.js';
import { KEY_KINDS, maskSecret, type KeyInfo, type KeyKind, type KeyTestResult, type RevealedKey } from '../../shared/keys.js';
import { keyIdSchema } from '../../shared/ipc/ids.js';
import type { AddKeyRequest, DefaultAddresses } from '../../shared/ipc/keys.js';
import type { Logger } from '../log.js';
import type { Notices } from '../notices.js';
import type { KeyRecord, SettingsStore } from '../settings/settings.js';
import type { Credential } from './credential.js';
import type { Keychain } from './keychain.js';
import { recoveryProblem, refusedRecoveryNotice } from './keyRecovery.js';
import { testKey } from './keyTester.js';
import { validateAddress, validateEndpointUrl, validateKeyName, validateKeySecrets } from './keyValidation.js';

/**
 * What the keychain holds for one key. The kind travels with the secret so that keys can
 * be listed again if the settings file (which holds names and addresses) is lost.
 */
const keychainPayloadSchema = z.object({
  v: z.literal(1),
  kind: z.enum(KEY_KINDS),
  secret: z.string(),
  secret2: z.string().optional(),
});
type KeychainPayload = z.infer<typeof keychainPayloadSchema>;

export interface KeysServiceDeps {
  keychain: Keychain;
  settings: SettingsStore;
  logger: Logger;
  defaults: () => DefaultAddresses;
  /** Where a recovery that left keys out says why. */
  notices?: Notices;
}

export class KeysService {
  private reconciled = false;

  constructor(private readonly deps: KeysServiceDeps) {}

  async list(): Promise<KeyInfo[]> {
    await this.reconcileOnce();
    const { keys } = await this.deps.settings.read();
    const present = new Set((await this.deps.keychain.list()).map((c) => c.account));
    return keys.map((record) => toInfo(record, present.has(record.id)));
  }

  async add(request: AddKeyRequest): Promise<KeyInfo> {
    const name = validateKeyName(request.name);
    const secrets = validateKeySecrets(request.kind, request.secret, request.secret2);
    const address = validateAddress(request.address?.trim() ? request.address : this.deps.defaults()[request.kind]);
    await this.assertNameFree(name);

    const record: KeyRecord = {
      id: randomUUID(),
      name,
      kind: request.kind,
      address,
      createdAt: new Date().toISOString(),
      enabled: true,
      masked: maskSecret(secrets.secret),
      ...(secrets.secret2 !== undefined ? { masked2: maskSecret(secrets.secret2) } : {}),
    };
    this.deps.logger.redact(secrets.secret);
    if (secrets.secret2 !== undefined) this.deps.logger.redact(secrets.secret2);

    // Keychain first: if it is unavailable nothing is written anywhere.
    const payload: KeychainPayload = { v: 1, kind: request.kind, ...secrets };
    await this.deps.keychain.set(record.id, JSON.stringify(payload));
    try {
      await this.deps.settings.update((s) => {
        if (s.keys.some((k) => sameName(k.name, name))) throw duplicateName(name);
        return { next: { ...s, keys: [...s.keys, record] }, result: undefined };
      });
    } catch (error) {
      await this.deps.keychain.delete(record.id).catch(() => false);
      throw error;
    }
    this.deps.logger.info('key added', { id: record.id, kind: record.kind });
    return toInfo(record, true);
  }

  async reveal(id: string): Promise<RevealedKey> {
    const credential = await this.credential(id, { requireEnabled: false });
    this.deps.logger.info('key revealed', { id });
    return { id, secret: credential.secret, ...(credential.secret2 !== undefined ? { secret2: credential.secret2 } : {}) };
  }

  /** Tries the key on its service with a call that costs nothing; a disabled key is tried too. */
  async test(id: string): Promise<KeyTestResult> {
    return testKey(await this.credential(id, { requireEnabled: false }));
  }

  async rename(id: string, rawName: string): Promise<KeyInfo> {
    const name = validateKeyName(rawName);
    const record = await this.deps.settings.update((s) => {
      const current = findRecord(s.keys, id);
      if (s.keys.some((k) => k.id !== id && sameName(k.name, name))) throw duplicateName(name);
      const next = { ...current, name };
      return { next: { ...s, keys: s.keys.map((k) => (k.id === id ? next : k)) }, result: next };
    });
    return toInfo(record, (await this.deps.keychain.get(id)) !== null);
  }

  async setEnabled(id: string, enabled: boolean): Promise<KeyInfo> {
    const record = await this.deps.settings.update((s) => {
      const next = { ...findRecord(s.keys, id), enabled };
      return { next: { ...s, keys: s.keys.map((k) => (k.id === id ? next : k)) }, result: next };
    });
    return toInfo(record, (await this.deps.keychain.get(id)) !== null);
  }

  /**
   * Records that the user confirmed sending this key to an inference endpoint's host (its
   * origin: scheme, host and port). Only v1 keys call deployments.
   */
  async allowInferenceHost(id: string, endpointUrl: string): Promise<KeyInfo> {
    const origin = validateEndpointUrl(endpointUrl).origin;
    const record = await this.updateRecord(id, (current) => {
      if (current.kind !== 'v1' && current.kind !== 'v1-legacy') {
        throw new AppError({
          code: 'wrong_key_kind',
          message: `The key "${current.name}" is a ${current.kind} key; inference endpoints take v1 keys.`,
          hint: 'Pick a v1 key.',
        });
      }
      const known = current.inferenceOrigins ?? [];
      return known.includes(origin) ? current : { ...current, inferenceOrigins: [...known, origin] };
    });
    this.deps.logger.info('inference host allowed for key', { id, origin });
    return toInfo(record, (await this.deps.keychain.get(id)) !== null);
  }

  async forgetInferenceHost(id: string, origin: string): Promise<KeyInfo> {
    const record = await this.updateRecord(id, (current) => ({
      ...current,
      inferenceOrigins: (current.inferenceOrigins ?? []).filter((o) => o !== origin),
    }));
    return toInfo(record, (await this.deps.keychain.get(id)) !== null);
  }

  private updateRecord(id: string, change: (current: KeyRecord) => KeyRecord): Promise<KeyRecord> {
    return this.deps.settings.update((s) => {
      const next = change(findRecord(s.keys, id));
      return { next: { ...s, keys: s.keys.map((k) => (k.id === id ? next : k)) }, result: next };
    });
  }

  /** Deletes the secret from the keychain first, so a failure never leaves an unlisted secret behind. */
  async delete(id: string): Promise<void> {
    findRecord((await this.deps.settings.read()).keys, id);
    await this.deps.keychain.delete(id);
    await this.deps.settings.update((s) => ({ next: { ...s, keys: s.keys.filter((k) => k.id !== id) }, result: undefined }));
    this.deps.logger.info('key deleted', { id });
  }

  /** The full credential for a service call. Stays in main. */
  async credential(id: string, options: { requireEnabled?: boolean } = {}): Promise<Credential> {
    const record = findRecord((await this.deps.settings.read()).keys, id);
    if (options.requireEnabled !== false && !record.enabled) {
      throw new AppError({
        code: 'key_disabled',
        message: `The key "${record.name}" is disabled.`,
        hint: 'Enable it on the Keys screen, or pick another key.',
      });
    }
    const stored = await this.deps.keychain.get(id);
    const payload = stored === null ? null : parsePayload(stored);
    if (!payload) {
      throw new AppError({
        code: 'key_missing_from_keychain',
        message: `The secret of "${record.name}" is no longer in the system keychain.`,
        hint: 'Delete this key and add it again.',
      });
    }
    this.deps.logger.redact(payload.secret);
    if (payload.secret2 !== undefined) this.deps.logger.redact(payload.secret2);
    return {
      id,
      kind: record.kind,
      address: record.address,
      inferenceOrigins: record.inferenceOrigins ?? [],
      secret: payload.secret,
      ...(payload.secret2 !== undefined ? { secret2: payload.secret2 } : {}),
    };
  }

  /**
   * The credential for a call to a service: the key the user picked (which must be of a
   * fitting kind and enabled), or else the first enabled key of that kind.
   */
  async credentialFor(kinds: readonly KeyKind[], keyId?: string): Promise<Credential> {
    const { keys } = await this.deps.settings.read();
    // `kinds` is in order of preference: the first enabled key of the first kind that has one.
    const record = keyId
      ? keys.find((k) => k.id === keyId)
      : kinds.map((kind) => keys.find((k) => k.kind === kind && k.enabled)).find((k) => k !== undefined);
    if (!record) {
      throw new AppError({
        code: 'no_key',
        message: keyId ? 'That key no longer exists.' : `There is no enabled key for this service (${kinds.join(' or ')}).`,
        hint: 'Add one on the Keys screen, or use the offline engine.',
      });
    }
    if (!kinds.includes(record.kind)) {
      throw new AppError({
        code: 'wrong_key_kind',
        message: `The key "${record.name}" is a ${record.kind} key; this service needs ${kinds.join(' or ')}.`,
        hint: 'Pick another key.',
      });
    }
    return this.credential(record.id);
  }

  /**
   * Lists keys again whose metadata was lost (a reset settings file): the keychain entry
   * still says what kind of key it is, so only the name and address need defaults. An
   * entry that would not pass as a new key is left out, and a notice says why.
   */
  private async reconcileOnce(): Promise<void> {
    if (this.reconciled) return;
    const stored = await this.deps.keychain.list();
    const known = new Set((await this.deps.settings.read()).keys.map((k) => k.id));
    const orphans = stored.filter((c) => !known.has(c.account) && keyIdSchema.safeParse(c.account).success);
    if (orphans.length > 0) {
      const refused: string[] = [];
      const recoveredCount = await this.deps.settings.update((s) => {
        const recovered: KeyRecord[] = [];
        refused.length = 0;
        for (const orphan of orphans) {
          const payload = parsePayload(orphan.secret);
          const problem = payload
            ? recoveryProblem(payload, this.deps.defaults()[payload.kind])
            : 'It is not in the form Groundwork stores keys in.';
          if (!payload || problem) {
            refused.push(`${payload ? `${/^[aeiou]/.test(payload.kind) ? 'An' : 'A'} ${payload.kind} key` : 'An entry'}: ${problem}`);
            continue;
          }
          recovered.push({
            id: orphan.account,
            name: uniqueName(`Recovered ${payload.kind} key`, [...s.keys, ...recovered]),
            kind: payload.kind,
            address: this.deps.defaults()[payload.kind],
            createdAt: new Date().toISOString(),
            enabled: false,
            masked: maskSecret(payload.secret),
            ...(payload.secret2 !== undefined ? { masked2: maskSecret(payload.secret2) } : {}),
          });
        }
        return { next: { ...s, keys: [...s.keys, ...recovered] }, result: recovered.length };
      });
      this.deps.logger.info('keys recovered from keychain', { count: recoveredCount, refused: refused.length });
      if (refused.length > 0) {
        this.deps.logger.warn('keychain entries not recovered', { reasons: refused });
        this.deps.notices?.add(refusedRecoveryNotice(refused));
      }
    }
    this.reconciled = true;
  }

  private async assertNameFree(name: string): Promise<void> {
    if ((await this.deps.settings.read()).keys.some((k) => sameName(k.name, name))) throw duplicateName(name);
  }
}

function toInfo(record: KeyRecord, inKeychain: boolean): KeyInfo {
  return { ...record, inKeychain };
}

function parsePayload(text: string): KeychainPayload | null {
  try {
    const parsed = keychainPayloadSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function findRecord(keys: KeyRecord[], id: string): KeyRecord {
  const record = keys.find((k) => k.id === id);
  if (!record) {
    throw new AppError({ code: 'key_not_found', message: 'That key no longer exists.', hint: 'Reload the Keys screen.' });
  }
  return record;
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

function duplicateName(name: string): AppError {
  const message = `A key named "${name}" already exists.`;
  return new AppError({ code: 'duplicate_key_name', message, hint: 'Choose another name.', fields: { name: message } });
}

function uniqueName(base: string, taken: KeyRecord[]): string {
  let name = base;
  for (let n = 2; taken.some((k) => sameName(k.name, name)); n++) name = `${base} ${n}`;
  return name;
}
