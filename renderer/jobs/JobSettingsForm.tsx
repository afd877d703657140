import { useEffect } from 'react';
import type { JobSettings } from '../../shared/jobs.js';
import { useJobsStore } from './jobsStore.js';
import { Field } from '../components/Field.js';

const FIELDS: Array<{ key: keyof JobSettings; label: string; step: number }> = [
  { key: 'jobAbovePages', label: 'Parse as a job above (pages)', step: 1 },
  { key: 'jobAboveMb', label: 'or above (MB)', step: 0.5 },
  { key: 'batchConcurrency', label: 'Batch: documents at once', step: 1 },
  { key: 'pageWarningLimit', label: 'Ask before a batch of more pages than', step: 1 },
];

/** The job settings; each field saves when it loses focus. */
export function JobSettingsForm() {
  const settings = useJobsStore((s) => s.settings);
  const { loadSettings, saveSettings } = useJobsStore.getState();
  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);
  if (!settings) return null;
  return (
    <details className="card job-settings">
      <summary>Job settings</summary>
      <div className="job-settings-fields">
        {FIELDS.map((f) => (
          <Field key={f.key} label={f.label}>
            <input
              type="number"
              min={f.step < 1 ? 0.1 : 1}
              step={f.step}
              defaultValue={settings[f.key]}
              data-testid={`setting-${f.key}`}
              onBlur={(e) => {
                const value = Number(e.target.value);
                if (Number.isFinite(value) && value !== settings[f.key]) void saveSettings({ [f.key]: value });
              }}
            />
          </Field>
        ))}
      </div>
    </details>
  );
}
