import { useState } from 'react';
import { EXTRACT_MODEL_CHOICES, useRunSettings } from '../state/runSettings.js';
import type { Extractor } from '../state/review/reviewStore.js';
import { OutputSaveUrlNote } from '../components/OutputSaveUrlNote.js';

/**
 * The cloud extractor's model (the service default unless one is picked: `extract-latest`, a
 * named snapshot, or a typed one, as new snapshots appear) and, for an extract job, its
 * output_save_url.
 */
export function ExtractOptions({ extractor }: { extractor: Extractor }) {
  const model = useRunSettings((s) => s.extractModel);
  const saveUrl = useRunSettings((s) => s.extractOutputSaveUrl);
  const set = useRunSettings.getState().set;
  // "Another snapshot…" stays open while its box is still empty.
  const [typing, setTyping] = useState(false);
  if (extractor === 'local') return null;
  const custom = typing || (model !== '' && !(EXTRACT_MODEL_CHOICES as readonly string[]).includes(model));
  return (
    <div className="extract-options" data-testid="extract-options">
      <label>
        Model
        <select
          value={custom ? 'custom' : model}
          onChange={(e) => {
            setTyping(e.target.value === 'custom');
            set({ extractModel: e.target.value === 'custom' ? '' : e.target.value });
          }}
          data-testid="extract-model"
        >
          <option value="">service default</option>
          {EXTRACT_MODEL_CHOICES.map((m) => (
            <option key={m} value={m}>
              {m === 'extract-latest' ? 'extract-latest (newest snapshot)' : m}
            </option>
          ))}
          <option value="custom">another snapshot…</option>
        </select>
      </label>
      {custom ? (
        <input
          value={model}
          onChange={(e) => set({ extractModel: e.target.value })}
          placeholder="e.g. extract-20260115 (empty: the service default)"
          aria-label="Extract model name"
          data-testid="extract-model-custom"
        />
      ) : null}
      {extractor === 'extract-job' ? (
        <>
          <label>
            Output save URL (optional)
            <input
              value={saveUrl}
              onChange={(e) => set({ extractOutputSaveUrl: e.target.value })}
              placeholder="presigned https URL, valid 15 min or more"
              data-testid="extract-output-save-url"
            />
          </label>
          {/* An extract job counts no pages: the window is the 15 minutes alone, as main judges it. */}
          <OutputSaveUrlNote url={saveUrl} pages={0} />
        </>
      ) : null}
    </div>
  );
}
