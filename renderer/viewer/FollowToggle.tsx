import { useViewStore } from './viewStore.js';

/** The lock: when off, the panels and the page view stop following each other's page. */
export function FollowToggle() {
  const follow = useViewStore((s) => s.follow);
  const setFollow = useViewStore((s) => s.setFollow);
  return (
    <label className="toggle follow-toggle" title="Scroll the Markdown and the structure with the page view, and the page view with them">
      <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} data-testid="follow-toggle" /> Follow pages
    </label>
  );
}
