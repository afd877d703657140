import type { AppInfo } from '../../shared/ipc/app.js';
import type { Services } from './services.js';

/** What the window is told of the app: this build, where it runs and keeps its data, and the notices to show. */
export function appInfo(services: Pick<Services, 'version' | 'shell' | 'dataDir' | 'notices'>): AppInfo {
  return {
    version: services.version,
    platform: process.platform,
    shell: services.shell,
    dataDir: services.dataDir,
    notices: services.notices.all(),
  };
}
