import { lazy, type ComponentType } from 'react';
import { AppError } from '../../shared/errors.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

/** What a screen whose code did not load shows in its place. */
function unavailableScreen(name: string): ComponentType {
  const unavailable = new AppError({
    code: 'screen_unavailable',
    message: `The ${name} screen could not be loaded.`,
    hint: 'Reload the window; if it happens again, reinstall Groundwork (your workspace and keys are kept).',
  });
  return function ScreenUnavailable() {
    return (
      <section className="screen-unavailable">
        <ErrorMessage error={unavailable} />
        <button type="button" onClick={() => location.reload()} data-testid="screen-reload">
          Reload the window
        </button>
      </section>
    );
  };
}

/**
 * A screen whose code is loaded when it is first shown. A load that fails (files changed under
 * a running app by an update, a broken install) shows that screen's error with a way out, not
 * the crash screen: the other screens, and everything saved, are unaffected.
 */
export function lazyScreen(name: string, load: () => Promise<ComponentType>): ComponentType {
  return lazy(() =>
    load().then(
      (screen) => ({ default: screen }),
      (error: unknown) => {
        // The cause, for whoever opens the window's console: a missing file, or a bug in the screen's module.
        console.error(`The ${name} screen could not be loaded`, error);
        return { default: unavailableScreen(name) };
      },
    ),
  );
}
