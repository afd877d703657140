import keytar from 'keytar';

/** Removes every entry a test left under its private keychain service name. */
export async function clearKeychainService(service: string): Promise<void> {
  for (const { account } of await keytar.findCredentials(service)) await keytar.deletePassword(service, account);
}

export async function keychainAccounts(service: string): Promise<string[]> {
  return (await keytar.findCredentials(service)).map((c) => c.account);
}
