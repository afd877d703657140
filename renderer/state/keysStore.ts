import { create } from 'zustand';
import type { AppError } from '../../shared/errors.js';
import type { AddKeyRequest, DefaultAddresses } from '../../shared/ipc/keys.js';
import type { KeyInfo, KeyTestResult } from '../../shared/keys.js';
import { attemptWith } from '../ipc/attempt.js';
import { requireApi } from '../ipc/client.js';

interface KeysState {
  keys: KeyInfo[];
  defaults: DefaultAddresses | null;
  loading: boolean;
  /** Error of the last list-level action (load, rename, delete, …). */
  error: AppError | null;
  tests: Record<string, KeyTestResult | 'running'>;
  load(): Promise<void>;
  add(request: AddKeyRequest): Promise<KeyInfo>;
  rename(id: string, name: string): Promise<void>;
  setEnabled(id: string, enabled: boolean): Promise<void>;
  /** Throws (its row shows the error): main asks the user to confirm the address in its own dialog. */
  setAddress(id: string, address: string): Promise<KeyInfo>;
  remove(id: string): Promise<void>;
  test(id: string): Promise<void>;
  clearError(): void;
}

const replace = (keys: KeyInfo[], key: KeyInfo) => keys.map((k) => (k.id === key.id ? key : k));

export const useKeysStore = create<KeysState>((set, get) => {
  const attempt = attemptWith(set);
  // A list answer is only as new as the call that asked for it: one that started before a later
  // load, or before a key was added, changed or removed here, would put back an older list.
  let loads = 0;
  let changes = 0;
  const change = (keys: KeyInfo[]) => {
    changes++;
    set({ keys });
  };

  return {
    keys: [],
    defaults: null,
    loading: false,
    error: null,
    tests: {},
    load: () =>
      attempt(async () => {
        const load = ++loads;
        set({ loading: true });
        try {
          const api = requireApi();
          for (;;) {
            const seen = changes;
            const [keys, defaults] = await Promise.all([api.keys.list({}), api.keys.defaults({})]);
            if (load !== loads) return; // a newer load answers instead
            if (seen !== changes) continue; // a key changed meanwhile: this list may not have it; ask again
            set({ keys, defaults });
            return;
          }
        } finally {
          if (load === loads) set({ loading: false });
        }
      }),
    // The add form shows its own (field-level) errors, so add() throws instead of setting `error`.
    add: async (request) => {
      const key = await requireApi().keys.add(request);
      change([...get().keys, key]);
      return key;
    },
    rename: (id, name) =>
      attempt(async () => {
        const key = await requireApi().keys.rename({ id, name });
        change(replace(get().keys, key));
      }),
    setEnabled: (id, enabled) =>
      attempt(async () => {
        const key = await requireApi().keys.setEnabled({ id, enabled });
        change(replace(get().keys, key));
      }),
    setAddress: async (id, address) => {
      const key = await requireApi().keys.setAddress({ id, address });
      change(replace(get().keys, key));
      return key;
    },
    remove: (id) =>
      attempt(async () => {
        await requireApi().keys.delete({ id });
        change(get().keys.filter((k) => k.id !== id));
      }),
    test: (id) =>
      attempt(async () => {
        set({ tests: { ...get().tests, [id]: 'running' } });
        try {
          const result = await requireApi().keys.test({ id });
          set({ tests: { ...get().tests, [id]: result } });
        } catch (error) {
          const { [id]: _running, ...rest } = get().tests;
          set({ tests: rest });
          throw error;
        }
      }),
    clearError: () => set({ error: null }),
  };
});
