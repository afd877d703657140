import type { AppNotice } from '../../shared/ipc/app.js';
import { useAppStore } from '../state/appStore.js';

// A stable empty list: a selector that returned a fresh [] would re-render forever.
const NONE: AppNotice[] = [];

/** Start-up notices from main (a settings file that had to be reset, …). */
export function Notices() {
  const notices = useAppStore((s) => s.info?.notices ?? NONE);
  const dismiss = useAppStore((s) => s.dismissNotice);
  if (notices.length === 0) return null;
  return (
    <div className="notices">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice notice-${notice.level}`} role="status" data-testid="notice">
          <div>
            <strong>{notice.message}</strong>
            {notice.hint ? <div className="small">{notice.hint}</div> : null}
          </div>
          <button type="button" className="link" onClick={() => void dismiss(notice.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
