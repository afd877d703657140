import { useEffect } from 'react';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useActiveProject, useDatasetsStore, type DatasetTab } from '../datasets/datasetsStore.js';
import { InferencePanel } from '../datasets/InferencePanel.js';
import { MediaBoard } from '../datasets/MediaBoard.js';
import { ProjectBar } from '../datasets/ProjectBar.js';
import { SchemaPanel } from '../datasets/SchemaPanel.js';
import { SnapshotsPanel } from '../datasets/SnapshotsPanel.js';
import { TrainingPanel } from '../datasets/TrainingPanel.js';

const TABS: { tab: DatasetTab; label: string }[] = [
  { tab: 'board', label: 'Annotate' },
  { tab: 'schema', label: 'Tags & metadata' },
  { tab: 'training', label: 'Training' },
  { tab: 'snapshots', label: 'Snapshots' },
  { tab: 'inference', label: 'Inference' },
];

/** The v1 datasets half of the app: everything works inside the project chosen at the top. */
export function DatasetsScreen() {
  const load = useDatasetsStore((s) => s.load);
  const registry = useDatasetsStore((s) => s.registry);
  const tab = useDatasetsStore((s) => s.tab);
  const setTab = useDatasetsStore((s) => s.setTab);
  const error = useDatasetsStore((s) => s.error);
  const setError = useDatasetsStore((s) => s.setError);
  const project = useActiveProject();

  useEffect(() => {
    void load();
    // Metrics are polled only while the screen is open; opening it again resumes runs still waiting.
    return () => useDatasetsStore.getState().stopPolling();
  }, [load]);

  return (
    <div className="screen datasets">
      <header className="screen-header">
        <h1>Datasets</h1>
        <p className="muted">Projects, tags, metadata, drag-and-drop annotation, training, snapshots and inference on the v1 service.</p>
      </header>
      <ErrorMessage error={error} onDismiss={() => setError(null)} />
      {registry ? <ProjectBar key={registry.projects.length === 0 ? 'empty' : 'some'} /> : null}
      <div className="tabs ds-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.tab}
            type="button"
            role="tab"
            aria-selected={tab === t.tab}
            className={tab === t.tab ? 'tab active' : 'tab'}
            data-testid={`ds-tab-${t.tab}`}
            onClick={() => setTab(t.tab)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="ds-body">
        {tab === 'inference' ? (
          <InferencePanel key={project?.id ?? 'none'} project={project} />
        ) : !project ? (
          <p className="muted empty-state">Create a project, or add one by its id, to start.</p>
        ) : tab === 'board' ? (
          <MediaBoard project={project} />
        ) : tab === 'schema' ? (
          <SchemaPanel project={project} />
        ) : tab === 'training' ? (
          <TrainingPanel key={project.id} project={project} />
        ) : (
          <SnapshotsPanel key={project.id} project={project} />
        )}
      </div>
    </div>
  );
}
