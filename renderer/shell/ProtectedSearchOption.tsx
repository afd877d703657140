import { useEffect, useState } from 'react';
import type { SearchSettings } from '../../shared/ipc/search.js';
import { ErrorMessage } from '../components/ErrorMessage.js';
import { useFormAction } from '../components/useFormAction.js';
import { requireApi } from '../ipc/client.js';

/**
 * Where a password is typed, what becomes of the document's text once it opens, and the
 * choice to keep such documents out of the search index (main's setting, `search:settings`,
 * for every password-protected document; on by default, see SearchSettings). Changed here, it
 * is saved at once: the index follows it at its next sync.
 */
export function ProtectedSearchOption() {
  const [settings, setSettings] = useState<SearchSettings | null>(null);
  const form = useFormAction();

  useEffect(() => {
    let live = true;
    void form.run(async () => {
      const read = await requireApi().search.settings({});
      if (live) setSettings(read);
    });
    return () => {
      live = false;
    };
    // Read once when the dialog asks; `form` is a new object every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Shown changed at once; main's answer then stands (a failed save puts back what main has, and says why).
  const change = (keepProtectedOut: boolean) => {
    const before = settings;
    setSettings({ keepProtectedOut });
    void form
      .run(async () => setSettings(await requireApi().search.setSettings({ keepProtectedOut })))
      .then((saved) => saved || setSettings(before));
  };

  return (
    <div className="protected-storage" data-testid="password-storage">
      <p className="small" id="password-dialog-storage">
        Once it opens, the document’s text is stored on this computer in plain form, without the password: in its results and their models
        in the workspace folder, and in the search index unless you keep it out below.
      </p>
      <label className="small">
        <input
          type="checkbox"
          checked={settings?.keepProtectedOut ?? true}
          disabled={settings === null}
          onChange={(e) => change(e.currentTarget.checked)}
          data-testid="password-keep-out-of-search"
        />
        Keep password-protected documents out of search (their text is not added to the search index)
      </label>
      <ErrorMessage error={form.error} onDismiss={() => form.setError(null)} />
    </div>
  );
}
