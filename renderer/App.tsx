import { Suspense, useEffect } from 'react';
import { PasswordDialog } from './shell/PasswordDialog.js';
import { ReviewScreen } from './screens/ReviewScreen.js';
import { api } from './ipc/client.js';
import { useAppStore, type Screen } from './state/appStore.js';
import { useKeysStore } from './state/keysStore.js';
import { keyIdsStillUsable, useRunSettings } from './state/runSettings.js';
import { lazyScreen } from './shell/lazyScreen.js';
import { Notices } from './shell/Notices.js';
import { ServiceHealth } from './shell/ServiceHealth.js';

// The screens past the first are loaded when first shown: the window's first script stays
// what the review screen needs, so the library draws sooner.
const JobsScreen = lazyScreen('Jobs', () => import('./screens/JobsScreen.js').then((m) => m.JobsScreen));
const DatasetsScreen = lazyScreen('Datasets', () => import('./screens/DatasetsScreen.js').then((m) => m.DatasetsScreen));
const KeysScreen = lazyScreen('Keys', () => import('./screens/KeysScreen.js').then((m) => m.KeysScreen));

const NAV: Array<{ screen: Screen; label: string }> = [
  { screen: 'workspace', label: 'Review' },
  { screen: 'jobs', label: 'Jobs' },
  { screen: 'datasets', label: 'Datasets' },
  { screen: 'keys', label: 'Keys' },
];

function CurrentScreen({ screen }: { screen: Screen }) {
  switch (screen) {
    case 'workspace':
      return <ReviewScreen />;
    case 'jobs':
      return <JobsScreen />;
    case 'datasets':
      return <DatasetsScreen />;
    case 'keys':
      return <KeysScreen />;
  }
}

export function App() {
  const screen = useAppStore((s) => s.screen);
  const setScreen = useAppStore((s) => s.setScreen);
  const info = useAppStore((s) => s.info);
  const loadInfo = useAppStore((s) => s.loadInfo);

  useEffect(() => {
    if (api) void loadInfo();
  }, [loadInfo]);

  // A chosen key deleted or turned off (on any screen) stops being the choice of every run.
  useEffect(() => {
    const stop = useKeysStore.subscribe(({ keys }) => {
      const { keyIds, set } = useRunSettings.getState();
      const usable = keyIdsStillUsable(keyIds, keys);
      if (usable.v2 !== keyIds.v2 || usable.analyzer !== keyIds.analyzer) set({ keyIds: usable });
    });
    return stop;
  }, []);

  if (!api) {
    return (
      <div className="fatal" data-testid="error" data-code="no_shell">
        <h1>Groundwork is not connected</h1>
        <p>This page needs the Groundwork app or the browser preview (`npm run preview`) around it.</p>
      </div>
    );
  }

  return (
    <div className="app">
      <nav className="sidebar" aria-label="Screens">
        <div className="brand">Groundwork</div>
        {NAV.map((item) => (
          <button
            key={item.screen}
            type="button"
            className={item.screen === screen ? 'nav-item active' : 'nav-item'}
            aria-current={item.screen === screen ? 'page' : undefined}
            data-testid={`nav-${item.screen}`}
            onClick={() => setScreen(item.screen)}
          >
            {item.label}
          </button>
        ))}
        <div className="sidebar-footer muted small">
          <ServiceHealth />
          {info ? `v${info.version} · ${info.shell}` : ''}
        </div>
      </nav>
      <main className="content">
        <Notices />
        <Suspense
          fallback={
            <p className="muted" role="status">
              Loading…
            </p>
          }
        >
          <CurrentScreen screen={screen} />
        </Suspense>
        <PasswordDialog />
      </main>
    </div>
  );
}
