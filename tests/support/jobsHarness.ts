import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { AppEvent } from '../../shared/events.js';
import { JobsService } from '../../electron/jobs/jobsService.js';
import type { PollSchedule } from '../../electron/jobs/pollSchedule.js';
import type { KeysService } from '../../electron/keys/keysService.js';
import { createLogger } from '../../electron/core/log.js';
import { Notices } from '../../electron/core/notices.js';
import { createSettingsStore, type SettingsStore } from '../../electron/settings/settings.js';
import { Workspace } from '../../electron/workspace/workspace.js';

export const FAST_POLLS: PollSchedule = { firstMs: 10, factor: 1.5, maxMs: 40, jitter: 0 };

export interface JobsWorld {
  dataDir: string;
  workspace: Workspace;
  settings: SettingsStore;
  jobs: JobsService;
  events: AppEvent[];
  /** A fresh JobsService on the same folder: what a restarted app builds. */
  restart(): Promise<JobsService>;
  close(): Promise<void>;
}

/** Real workspace, settings and job services in a temp folder, talking to the emulator with one v2 key. */
export async function jobsWorld(emulatorUrl: string, secret: string): Promise<JobsWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'groundwork-jobs-'));
  const logger = createLogger(null, { console: false });
  const settings = createSettingsStore(dataDir, { logger, notices: new Notices() });
  const workspace = new Workspace(dataDir, logger);
  const keys = {
    credentialFor: async () => ({ id: '2f1c6a1e-8a57-4c1b-9a43-1d2e3f4a5b6c', kind: 'v2' as const, address: emulatorUrl, secret }),
  } as unknown as KeysService;
  const events: AppEvent[] = [];
  const build = () => new JobsService({ workspace, keys, settings, logger, emit: (e) => events.push(e), schedule: FAST_POLLS });
  const services: JobsService[] = [build()];
  return {
    dataDir,
    workspace,
    settings,
    get jobs() {
      return services[services.length - 1]!;
    },
    events,
    restart: async () => {
      services[services.length - 1]!.stop();
      const next = build();
      services.push(next);
      await next.start();
      return next;
    },
    close: async () => {
      for (const s of services) s.stop();
      await rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }); // a batch's lazy save may still land after stop()
    },
  };
}

/** A distinct small PDF per index (the workspace keys documents by content). */
export async function numberedPdf(index: number, pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`document ${index}`);
  for (let i = 0; i < pages; i++) doc.addPage([300, 400]);
  return doc.save({ useObjectStreams: false });
}
