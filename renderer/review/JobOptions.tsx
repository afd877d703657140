import { useEngineSettings } from './engineSettings.js';

/** Cloud parse as a job or not (auto decides by pages and size), its tier and an optional output_save_url. */
export function JobOptions() {
  const settings = useEngineSettings();
  return (
    <>
      <label>
        Run as
        <select value={settings.parseMode} onChange={(e) => settings.set({ parseMode: e.target.value as 'auto' | 'sync' | 'job' })} data-testid="parse-mode">
          <option value="auto">auto (a job above the size limit)</option>
          <option value="sync">direct call</option>
          <option value="job">job</option>
        </select>
      </label>
      {settings.parseMode !== 'sync' ? (
        <>
          <label>
            Tier
            <select value={settings.serviceTier} onChange={(e) => settings.set({ serviceTier: e.target.value as 'standard' | 'priority' })} data-testid="service-tier">
              <option value="standard">standard</option>
              <option value="priority">priority (sync rate)</option>
            </select>
          </label>
          <label className="wide">
            Output save URL (jobs)
            <input value={settings.outputSaveUrl} onChange={(e) => settings.set({ outputSaveUrl: e.target.value })} placeholder="optional presigned https URL" data-testid="output-save-url" />
          </label>
        </>
      ) : null}
    </>
  );
}
