import { useRef } from 'react';

export const MIN_SHARE = 20;
export const MAX_SHARE = 85;
const KEY_STEP = 5;

const clampShare = (share: number) => Math.round(Math.min(MAX_SHARE, Math.max(MIN_SHARE, share)));

/**
 * The handle between the panel above and the Fields section below: drag it, or focus it
 * and use ↑/↓ (Home/End for the extremes). `share` is the Fields section's percentage
 * of the column the handle sits in (its parent element).
 */
export function PanelResizer({ share, onChange }: { share: number; onChange(share: number, done: boolean): void }) {
  const ref = useRef<HTMLDivElement>(null);
  const shareAt = (clientY: number) => {
    const column = ref.current?.parentElement?.getBoundingClientRect();
    return column && column.height > 0 ? clampShare(((column.bottom - clientY) / column.height) * 100) : share;
  };
  return (
    <div
      ref={ref}
      className="panel-resizer"
      role="separator"
      aria-orientation="horizontal"
      aria-label="Resize the Fields panel"
      aria-valuemin={MIN_SHARE}
      aria-valuemax={MAX_SHARE}
      aria-valuenow={share}
      aria-valuetext={`Fields panel ${share}% of the column`}
      tabIndex={0}
      data-testid="fields-resizer"
      title="Drag, or focus and use ↑ ↓, to resize the Fields panel"
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        e.currentTarget.focus();
      }}
      onPointerMove={(e) => {
        if (e.currentTarget.hasPointerCapture(e.pointerId)) onChange(shareAt(e.clientY), false);
      }}
      onPointerUp={(e) => {
        if (!e.currentTarget.hasPointerCapture(e.pointerId)) return;
        e.currentTarget.releasePointerCapture(e.pointerId);
        onChange(shareAt(e.clientY), true);
      }}
      onKeyDown={(e) => {
        const next = { ArrowUp: share + KEY_STEP, ArrowDown: share - KEY_STEP, Home: MAX_SHARE, End: MIN_SHARE }[e.key];
        if (next === undefined) return;
        e.preventDefault(); // the review keys leave an arrow handled here alone
        onChange(clampShare(next), true);
      }}
    />
  );
}
