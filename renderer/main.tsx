import './zodJitless.js';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { CrashScreen } from './shell/CrashScreen.js';
import { useLibraryStore } from './state/library/libraryStore.js';
import './styles.css';

// Asked before the first render, not from the workspace's first effect: a big library's listing
// then travels while the window is drawn.
void useLibraryStore.getState().loadOnce();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');
createRoot(root).render(
  <StrictMode>
    <CrashScreen>
      <App />
    </CrashScreen>
  </StrictMode>,
);
