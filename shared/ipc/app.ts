/** Request schemas and answers of the app:* channels. */
import { z } from 'zod';

/** The request of a channel that takes nothing. */
export const noRequest = z.object({}).strict();

export interface AppNotice {
  id: string;
  level: 'info' | 'warning' | 'error';
  message: string;
  hint?: string;
}

export interface AppInfo {
  version: string;
  platform: string;
  shell: 'electron' | 'preview';
  dataDir: string;
  notices: AppNotice[];
}

export const appRequests = {
  info: noRequest,
  dismissNotice: z.object({ id: z.string().min(1).max(200) }).strict(),
};
