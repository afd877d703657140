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
  remove(id: string): Promise<void>;
  test(id: string): Promise<void>;
  clearError(): void;
}

const replace = (keys: KeyInfo[], key: KeyInfo) => keys.map((k) => (k.id === key.id ? key : k));

export const useKeysStore = create<KeysState>((set, get) => {
  const attempt = attemptWith(set);

  return {
    keys: [],
    defaults: null,
    loading: false,
    error: null,
    tests: {},
    load: () =>
      attempt(async () => {
        set({ loading: true });
        try {
          const api = requireApi();
          const [keys, defaults] = await Promise.all([api.keys.list({}), api.keys.defaults({})]);
          set({ keys, defaults });
        } finally {
          set({ loading: false });
        }
      }),
    // The add form shows its own (field-level) errors, so add() throws instead of setting `error`.
    add: async (request) => {
      const key = await requireApi().keys.add(request);
      set({ keys: [...get().keys, key] });
      return key;
    },
    rename: (id, name) =>
      attempt(async () => {
        const key = await requireApi().keys.rename({ id, name });
        set({ keys: replace(get().keys, key) });
      }),
    setEnabled: (id, enabled) =>
      attempt(async () => {
        const key = await requireApi().keys.setEnabled({ id, enabled });
        set({ keys: replace(get().keys, key) });
      }),
    remove: (id) =>
      attempt(async () => {
        await requireApi().keys.delete({ id });
        set({ keys: get().keys.filter((k) => k.id !== id) });
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
