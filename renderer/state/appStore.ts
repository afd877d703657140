import { create } from 'zustand';
import type { AppInfo } from '../../shared/ipc/app.js';
import { requireApi } from '../ipc/client.js';

export const SCREENS = ['workspace', 'jobs', 'datasets', 'keys'] as const;
export type Screen = (typeof SCREENS)[number];

interface AppState {
  screen: Screen;
  info: AppInfo | null;
  setScreen(screen: Screen): void;
  loadInfo(): Promise<void>;
  dismissNotice(id: string): Promise<void>;
}

export const useAppStore = create<AppState>((set, get) => ({
  screen: 'workspace',
  info: null,
  setScreen: (screen) => set({ screen }),
  loadInfo: async () => set({ info: await requireApi().app.info({}) }),
  dismissNotice: async (id) => {
    await requireApi().app.dismissNotice({ id });
    const info = get().info;
    if (info) set({ info: { ...info, notices: info.notices.filter((n) => n.id !== id) } });
  },
}));
