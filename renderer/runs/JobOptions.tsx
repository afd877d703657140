import type { ServiceTier } from '../../shared/jobs.js';
import { useRunSettings } from '../state/runSettings.js';
import { OutputSaveUrlNote } from '../components/OutputSaveUrlNote.js';
import { Field } from '../components/Field.js';

/**
 * Cloud parse as a job or not (auto decides by pages and size), its tier and an optional
 * output_save_url. The last two exist only on jobs: set, they make "auto" a job, and main
 * refuses a direct call with them rather than drop them, so they stay visible in every mode.
 */
export function JobOptions() {
  const settings = useRunSettings();
  const jobOnlySet = settings.serviceTier === 'priority' || settings.outputSaveUrl.trim() !== '';
  return (
    <>
      <Field label="Run as">
        <select
          value={settings.parseMode}
          onChange={(e) => settings.set({ parseMode: e.target.value as 'auto' | 'sync' | 'job' })}
          data-testid="parse-mode"
        >
          <option value="auto">auto (a job above the size limit)</option>
          <option value="sync">direct call</option>
          <option value="job">job</option>
        </select>
      </Field>
      <Field label="Tier (jobs only)">
        <select
          value={settings.serviceTier}
          onChange={(e) => settings.set({ serviceTier: e.target.value as ServiceTier })}
          data-testid="service-tier"
        >
          <option value="standard">standard</option>
          <option value="priority">priority (sync rate)</option>
        </select>
      </Field>
      <Field className="wide" label="Output save URL (jobs only)">
        <input
          value={settings.outputSaveUrl}
          onChange={(e) => settings.set({ outputSaveUrl: e.target.value })}
          placeholder="optional presigned https URL"
          data-testid="output-save-url"
        />
      </Field>
      <OutputSaveUrlNote url={settings.outputSaveUrl} />
      {jobOnlySet ? (
        <p className="small muted wide" data-testid="job-only-note">
          {settings.parseMode === 'sync'
            ? 'A direct call cannot take the priority tier or an output URL: Run will refuse until you clear them or choose auto or job.'
            : 'The priority tier or an output URL makes this parse a job.'}
        </p>
      ) : null}
    </>
  );
}
