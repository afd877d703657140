import { randomUUID } from 'node:crypto';
import { AppError } from '../../shared/errors.js';
import { maskSecret, type KeyInfo, type KeyKind, type KeyTestResult, type SecretCopied } from '../../shared/keys.js';
import { keyIdSchema } from '../../shared/ipc/ids.js';
import type { AddKeyRequest, DefaultAddresses, SecretPart } from '../../shared/ipc/keys.js';
import type { Logger } from '../core/log.js';
import type { Notices } from '../core/notices.js';
import type { KeyRecord, SettingsStore } from '../settings/settings.js';
import { NO_USER_IN_MAIN, SECRET_CLIPBOARD_MS, type UserInMain } from '../core/userInMain.js';
import type { Credential } from '../api/credential.js';
import type { Keychain } from './keychain.js';
import { boundDestinations, destinationProblem } from './keyBinding.js';
import { isBound, parsePayload, type BoundPayload, type KeychainPayload } from './keychainPayload.js';
import { recoveryProblem, refusedRecoveryNotice } from './keyRecovery.js';
import { testKey } from './keyTester.js';
import { validateAddress, validateEndpointUrl, validateKeyName, validateKeySecrets } from './keyValidation.js';

export interface KeysServiceDeps {
  keychain: Keychain;
  settings: SettingsStore;
  logger: Logger;
  defaults: () => DefaultAddresses;
  /** Where a recovery that left keys out says why. */
  notices?: Notices;
  /** The user, asked by main itself (a native dialog, the preview's desk); without it every question is a no. */
  user?: UserInMain;
}

export class KeysService {
  private reconciled = false;
  /** Changes of a keychain entry's binding, one at a time (each reads the entry, then writes it back). */
  private bindings: Promise<unknown> = Promise.resolve();
  private readonly user: UserInMain;

  constructor(private readonly deps: KeysServiceDeps) {
    this.user = deps.user ?? NO_USER_IN_MAIN;
  }

  async list(): Promise<KeyInfo[]> {
    await this.reconcileOnce();
    const { keys } = await this.deps.settings.read();
    const stored = new Map((await this.deps.keychain.list()).map((c) => [c.account, c.secret]));
    return keys.map((record) => toInfo(record, stored.get(record.id) ?? null));
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
    const payload: BoundPayload = { v: 1, kind: request.kind, ...secrets, address, inferenceOrigins: [] };
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
    return toInfo(record, JSON.stringify(payload));
  }

  /**
   * Copies a secret to the clipboard from main, after the user said yes in main's own dialog;
   * the clipboard is cleared after 30 s if it still holds it. The secret never crosses IPC:
   * the window is told only that it was copied.
   */
  async copySecret(id: string, part: SecretPart): Promise<SecretCopied> {
    const record = findRecord((await this.deps.settings.read()).keys, id);
    const payload = await this.payloadOf(record);
    const secret = part === 'secret2' ? payload.secret2 : payload.secret;
    const what = part === 'secret2' ? 'API secret' : 'key';
    if (secret === undefined) {
      throw new AppError({
        code: 'no_such_secret',
        message: `The key "${record.name}" has no API secret: only a v1 legacy pair has one.`,
        hint: 'Copy the key itself.',
      });
    }
    const seconds = SECRET_CLIPBOARD_MS / 1000;
    const yes = await this.user.confirm({
      title: 'Copy a key',
      message: `Copy the ${what} of “${record.name}” to the clipboard?`,
      detail: `Whoever gets it can use it as you. Groundwork clears the clipboard in ${seconds} s if it still holds the ${what}.`,
      confirmLabel: `Copy the ${what}`,
    });
    if (!yes) {
      throw new AppError({
        code: 'copy_declined',
        message: `The ${what} of "${record.name}" was not copied: it was not confirmed in Groundwork’s own dialog.`,
        hint: `Press Copy again and choose “Copy the ${what}” in the dialog that opens.`,
      });
    }
    this.deps.logger.redact(secret);
    await this.user.copySecret(secret, SECRET_CLIPBOARD_MS);
    this.deps.logger.info('key copied to the clipboard', { id, part });
    return { clearAfterSeconds: seconds };
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
    return toInfo(record, await this.deps.keychain.get(id));
  }

  async setEnabled(id: string, enabled: boolean): Promise<KeyInfo> {
    const record = await this.deps.settings.update((s) => {
      const next = { ...findRecord(s.keys, id), enabled };
      return { next: { ...s, keys: s.keys.map((k) => (k.id === id ? next : k)) }, result: next };
    });
    return toInfo(record, await this.deps.keychain.get(id));
  }

  /**
   * Records that the user confirmed sending this key to an inference endpoint's host (its
   * origin: scheme, host and port). The window asks; the user answers in main's own dialog,
   * and only a yes there binds the host to the keychain entry and lists it. Only v1 keys call
   * deployments.
   */
  async allowInferenceHost(id: string, endpointUrl: string): Promise<KeyInfo> {
    const endpoint = validateEndpointUrl(endpointUrl);
    const origin = endpoint.origin;
    const current = findRecord((await this.deps.settings.read()).keys, id);
    if (current.kind !== 'v1' && current.kind !== 'v1-legacy') {
      throw new AppError({
        code: 'wrong_key_kind',
        message: `The key "${current.name}" is a ${current.kind} key; inference endpoints take v1 keys.`,
        hint: 'Pick a v1 key.',
      });
    }
    const payload = await this.payloadOf(current);
    if (!payload.inferenceOrigins?.includes(origin)) {
      const yes = await this.user.confirm({
        title: 'Send a key to a new host',
        message: `Send the key “${current.name}” to ${endpoint.host}?`,
        detail:
          `Whoever runs ${endpoint.host} receives the key (${current.kind === 'v1-legacy' ? 'apikey and apisecret' : 'apikey'}) and can use it as you. ` +
          `Say yes only if ${origin} is your deployment’s address, copied from its page. You are asked once per host for each key.`,
        confirmLabel: `Send it to ${endpoint.host}`,
      });
      if (!yes) {
        throw new AppError({
          code: 'inference_host_refused',
          message: `The key "${current.name}" was not sent to ${endpoint.host}: sending it there was not confirmed in Groundwork’s own dialog.`,
          hint: `Run again and choose “Send it to ${endpoint.host}” in the dialog, if that is your deployment’s host.`,
        });
      }
    }
    const record = await this.rebind(id, (bound) =>
      bound.inferenceOrigins.includes(origin) ? bound : { ...bound, inferenceOrigins: [...bound.inferenceOrigins, origin] },
    );
    this.deps.logger.info('inference host allowed for key', { id, origin });
    return toInfo(record, await this.deps.keychain.get(id));
  }

  async forgetInferenceHost(id: string, origin: string): Promise<KeyInfo> {
    const record = await this.rebind(id, (bound) => ({ ...bound, inferenceOrigins: bound.inferenceOrigins.filter((o) => o !== origin) }));
    return toInfo(record, await this.deps.keychain.get(id));
  }

  /**
   * Points a key at another service address, after the user said yes to it in main's own dialog
   * (an address the key is already bound to needs no question). This is also how a key whose
   * settings were changed outside the app is bound again: its address and hosts become the
   * keychain entry's, settings.json follows.
   */
  async setAddress(id: string, rawAddress: string): Promise<KeyInfo> {
    const address = validateAddress(rawAddress);
    const current = findRecord((await this.deps.settings.read()).keys, id);
    const payload = await this.payloadOf(current);
    if (payload.address !== address) {
      const host = new URL(address).host;
      const yes = await this.user.confirm({
        title: 'Change where a key is sent',
        message: `Send the key “${current.name}” to ${host} from now on?`,
        detail: `Its address becomes ${address}. Whoever runs that address receives the key with every call and can use it as you. Say yes only to an address you typed or copied from your account.`,
        confirmLabel: `Send it to ${host}`,
      });
      if (!yes) {
        throw new AppError({
          code: 'address_change_declined',
          message: `The address of "${current.name}" was not changed: the change was not confirmed in Groundwork’s own dialog.`,
          hint: `Save the address again and choose “Send it to ${host}” in the dialog.`,
        });
      }
    }
    const record = await this.rebind(id, (bound) => ({ ...bound, address }));
    this.deps.logger.info('key address changed', { id, address });
    return toInfo(record, await this.deps.keychain.get(id));
  }

  /**
   * Changes a key's binding: the keychain entry first, then settings.json made to show the same
   * address and hosts, so the two never disagree in the direction that would send the key.
   */
  private rebind(id: string, change: (bound: BoundPayload) => BoundPayload): Promise<KeyRecord> {
    return this.serially(async () => {
      const current = findRecord((await this.deps.settings.read()).keys, id);
      const next = change(bindAsListed(await this.payloadOf(current), current));
      await this.deps.keychain.set(id, JSON.stringify(next));
      return this.updateRecord(id, ({ inferenceOrigins: _listed, ...record }) => ({
        ...record,
        address: next.address,
        ...(next.inferenceOrigins.length > 0 ? { inferenceOrigins: next.inferenceOrigins } : {}),
      }));
    });
  }

  private serially<T>(run: () => Promise<T>): Promise<T> {
    const result = this.bindings.then(run, run);
    this.bindings = result.catch(() => undefined);
    return result;
  }

  /** The keychain entry of a listed key; its absence is the user's to fix. */
  private async payloadOf(record: KeyRecord): Promise<KeychainPayload> {
    const stored = await this.deps.keychain.get(record.id);
    const payload = stored === null ? null : parsePayload(stored);
    if (!payload) {
      throw new AppError({
        code: 'key_missing_from_keychain',
        message: `The secret of "${record.name}" is no longer in the system keychain.`,
        hint: 'Delete this key and add it again.',
      });
    }
    return payload;
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
    const stored = await this.payloadOf(record);
    const payload = isBound(stored) ? bindAsListed(stored, record) : await this.bindOnFirstUse(record);
    const { address, inferenceOrigins } = boundDestinations(record, payload);
    this.deps.logger.redact(payload.secret);
    if (payload.secret2 !== undefined) this.deps.logger.redact(payload.secret2);
    return {
      id,
      kind: record.kind,
      address,
      inferenceOrigins,
      secret: payload.secret,
      ...(payload.secret2 !== undefined ? { secret2: payload.secret2 } : {}),
    };
  }

  /**
   * A key saved by a version before the binding: bound to what settings.json says now, the
   * first time it is used (the earliest moment this version can; from then on an edit of the
   * file is refused).
   */
  private bindOnFirstUse(record: KeyRecord): Promise<BoundPayload> {
    return this.serially(async () => {
      const payload = await this.payloadOf(record);
      if (isBound(payload)) return bindAsListed(payload, record);
      const bound = bindAsListed(payload, record);
      await this.deps.keychain.set(record.id, JSON.stringify(bound));
      this.deps.logger.info('key bound to its address on first use', { id: record.id });
      return bound;
    });
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
          // A bound entry says where it was going; an older one gets the kind's default address.
          const address = payload?.address ?? (payload ? this.deps.defaults()[payload.kind] : '');
          const problem = payload ? recoveryProblem(payload, address) : 'It is not in the form Groundwork stores keys in.';
          if (!payload || problem) {
            refused.push(`${payload ? `${/^[aeiou]/.test(payload.kind) ? 'An' : 'A'} ${payload.kind} key` : 'An entry'}: ${problem}`);
            continue;
          }
          recovered.push({
            id: orphan.account,
            name: uniqueName(`Recovered ${payload.kind} key`, [...s.keys, ...recovered]),
            kind: payload.kind,
            address,
            ...(payload.inferenceOrigins?.length ? { inferenceOrigins: payload.inferenceOrigins } : {}),
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

/** A key as the window sees it: its record, whether the keychain holds it, and what settings.json says that its entry does not. */
function toInfo(record: KeyRecord, stored: string | null): KeyInfo {
  const payload = stored === null ? null : parsePayload(stored);
  const problem = payload ? destinationProblem(record, payload) : null;
  return { ...record, inKeychain: stored !== null, ...(problem ? { destinationChanged: problem } : {}) };
}

/** The payload as bound: its own binding, or (saved before the binding) what settings.json lists. */
function bindAsListed(payload: KeychainPayload, record: KeyRecord): BoundPayload {
  return isBound(payload)
    ? { ...payload, inferenceOrigins: payload.inferenceOrigins ?? [] }
    : { ...payload, address: record.address, inferenceOrigins: record.inferenceOrigins ?? [] };
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
