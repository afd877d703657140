import { lazy, type ComponentType } from 'react';
import { AppError } from '../../shared/errors.js';
import { ErrorMessage } from '../components/ErrorMessage.js';

/**
 * A screen whose code is loaded when it is first shown. A load that fails (files changed under
 * a running app by an update, a broken install) shows that screen's error with a way out, not
 * the crash screen: the other screens, and everything saved, are unaffected.
 */
export function lazyScreen(name: string, load: () => Promise<ComponentType>): ComponentType {
  return lazy(() =>
    load().then(
      (screen) => ({ default: screen }),
      () => ({
        default: function ScreenUnavailable() {
          const error = new AppError({
            code: 'screen_unavailable',
            message: `The ${name} screen could not be loaded.`,
            hint: 'Reload the window; if it happens again, reinstall Groundwork (your workspace and keys are kept).',
          });
          return (
            <section className="screen-unavailable">
              <ErrorMessage error={error} />
              <button type="button" onClick={() => location.reload()} data-testid="screen-reload">
                Reload the window
              </button>
            </section>
          );
        },
      }),
    ),
  );
}
