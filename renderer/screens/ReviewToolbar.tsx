import { useEffect, useState } from 'react';
import type { ParserName } from '../../shared/result.js';
import { CompareWith } from '../compare/CompareWith.js';
import { useKeysStore } from '../state/keysStore.js';
import { useAppStore } from '../state/appStore.js';
import { SearchButton } from '../search/SearchDialog.js';
import { RunOptions } from '../runs/RunOptions.js';
import { RerunFailedPages } from '../runs/RerunFailedPages.js';
import { RunJobStatus } from '../runs/RunJobStatus.js';
import { useReviewStore } from '../state/review/reviewStore.js';

const ENGINE_LABELS: Record<ParserName, string> = {
  local: 'Offline engine (local)',
  parse: 'Cloud parser (v2 parse)',
  analyzer: 'Older analyzer',
};
const ENGINE_KEY_KIND = { parse: 'v2', analyzer: 'analyzer' } as const;
/** The key each engine needs, in words: the older analyzer refuses v2 keys. */
const ENGINE_KEY_WORDS = { parse: 'a v2 parse key', analyzer: 'an analyzer key (it refuses v2 keys)' } as const;

/** Open, pick an engine, run it, watch its progress, cancel it. */
export function ReviewToolbar() {
  const { openFile, importFiles, runEngine, cancelRun, setEngine, openSample } = useReviewStore.getState();
  const engine = useReviewStore((s) => s.engine);
  const run = useReviewStore((s) => (s.document ? s.runs[s.document.id] : undefined));
  const hasDocument = useReviewStore((s) => s.document !== null);
  const opening = useReviewStore((s) => s.opening);
  const keys = useKeysStore((s) => s.keys);
  const loadKeys = useKeysStore((s) => s.load);
  const setScreen = useAppStore((s) => s.setScreen);
  const [showOptions, setShowOptions] = useState(false);

  useEffect(() => {
    void loadKeys();
  }, [loadKeys]);

  const needsKey = engine !== 'local' && !keys.some((k) => k.kind === ENGINE_KEY_KIND[engine] && k.enabled);
  // Why Run waits, in words next to it (a key missing has its own hint below).
  const keyMissing = needsKey
    ? `${ENGINE_LABELS[engine]} needs ${ENGINE_KEY_WORDS[engine as 'parse' | 'analyzer']}: add one on the Keys screen.`
    : null;
  const runWaits = opening
    ? `Opening ${opening}… Run waits for that to finish.`
    : !hasDocument
      ? 'Open a document to run an engine on it.'
      : null;

  return (
    <div className="workspace-toolbar">
      <label className="file-button">
        Open…
        <input
          type="file"
          data-testid="open-file"
          accept="application/pdf,image/*"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) await openFile(file);
          }}
        />
      </label>
      <label className="file-button" title="A result JSON (parse, extract, job envelope or analyzer) with its document">
        Import result…
        <input
          type="file"
          multiple
          data-testid="import-result"
          accept="application/json,.json,application/pdf,image/*"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            if (files.length > 0) void importFiles(files);
          }}
        />
      </label>
      <button type="button" onClick={() => void openSample()} data-testid="try-sample">
        Try a sample
      </button>
      <SearchButton />
      <span className="toolbar-sep" />
      <select data-testid="engine" value={engine} onChange={(e) => setEngine(e.target.value as ParserName)} aria-label="Engine">
        {(Object.keys(ENGINE_LABELS) as ParserName[]).map((name) => (
          <option key={name} value={name}>
            {ENGINE_LABELS[name]}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => setShowOptions(!showOptions)} aria-expanded={showOptions} data-testid="engine-options-toggle">
        Options {showOptions ? '▴' : '▾'}
      </button>
      <button
        type="button"
        className="primary"
        data-testid="run"
        disabled={!!runWaits || !!run || needsKey}
        title={run ? 'A run is under way on this document' : (runWaits ?? keyMissing ?? undefined)}
        onClick={() => void runEngine()}
      >
        Run
      </button>
      {runWaits && !run ? (
        <span className="disabled-reason" data-testid="run-disabled-reason" role="status">
          {runWaits}
        </span>
      ) : null}
      {run ? (
        <span
          className={run.retrying ? 'run-progress retrying' : 'run-progress'}
          data-testid="run-progress"
          data-retrying={run.retrying}
          role="status"
        >
          <progress max={run.total || 1} value={run.done} /> {run.message}
          <button type="button" onClick={() => void cancelRun()} data-testid="cancel-run">
            Cancel
          </button>
        </span>
      ) : null}
      <RerunFailedPages />
      <RunJobStatus />
      <span className="toolbar-sep" />
      <CompareWith />
      {needsKey ? (
        <span className="engine-hint" data-testid="engine-hint">
          {ENGINE_LABELS[engine]} needs {ENGINE_KEY_WORDS[engine as 'parse' | 'analyzer']}.{' '}
          <button type="button" className="link" onClick={() => setScreen('keys')}>
            Add one on the Keys screen
          </button>
          ; the offline engine works without.
        </span>
      ) : null}
      {engine === 'local' ? (
        <span className="muted small">
          Reads the PDF's text layer on this computer, and scans and images by OCR (English); no key, no credits.
        </span>
      ) : null}
      {showOptions ? <RunOptions engine={engine} /> : null}
    </div>
  );
}
