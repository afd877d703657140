import { DEFAULT_JOB_SETTINGS, type JobSettings, type ParsePlan } from '../../shared/jobs.js';
import type { SettingsStore } from '../settings/settings.js';
import type { Workspace } from '../workspace/workspace.js';

const MB = 1024 * 1024;

export async function readJobSettings(settings: SettingsStore): Promise<JobSettings> {
  return { ...DEFAULT_JOB_SETTINGS, ...(await settings.read()).jobs };
}

export function updateJobSettings(settings: SettingsStore, patch: Partial<JobSettings>): Promise<JobSettings> {
  return settings.update((current) => {
    const jobs = { ...DEFAULT_JOB_SETTINGS, ...current.jobs, ...patch };
    return { next: { ...current, jobs }, result: jobs };
  });
}

/** Pages of a workspace document, as counted once when it was imported: an image is one page; null when a PDF hides its count. */
export async function documentPages(workspace: Workspace, documentId: string): Promise<number | null> {
  return (await workspace.documentInfo(documentId)).pageCount;
}

/** Sync or job for a parse: above the page or size threshold it goes as a job (a long sync call can time out and is paid for anyway). */
export async function planParse(workspace: Workspace, settings: SettingsStore, documentId: string): Promise<ParsePlan> {
  const limits = await readJobSettings(settings);
  const info = await workspace.documentInfo(documentId);
  const pages = await documentPages(workspace, documentId);
  if (pages !== null && pages > limits.jobAbovePages) {
    return { mode: 'job', pages, size: info.size, reason: `${pages} pages is more than ${limits.jobAbovePages}: sent as a job.` };
  }
  if (info.size > limits.jobAboveMb * MB) {
    return {
      mode: 'job',
      pages,
      size: info.size,
      reason: `${(info.size / MB).toFixed(1)} MB is more than ${limits.jobAboveMb} MB: sent as a job.`,
    };
  }
  return {
    mode: 'sync',
    pages,
    size: info.size,
    reason: `${pages ?? '?'} page${pages === 1 ? '' : 's'}, ${(info.size / MB).toFixed(1)} MB: parsed directly.`,
  };
}
