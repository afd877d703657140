import { useEffect, useState } from 'react';
import type { Selection } from '../../../shared/grounding/selection.js';
import { afterPaint } from '../../dom/afterPaint.js';
import { useReviewStore } from './reviewStore.js';

/**
 * The selection, as of the last painted frame: for what reads about the selection (the status
 * bar, the review bar's warning) rather than shows where it is. The click's own frame then
 * carries only the highlights and the scrolls; these follow in the frame after.
 */
export function useSelectionAfterPaint(): Selection | null {
  const [selection, setSelection] = useState(() => useReviewStore.getState().selection);
  useEffect(() => {
    const show = () => setSelection(useReviewStore.getState().selection);
    show(); // a change between the first render and this effect
    let cancel = () => {};
    const unsubscribe = useReviewStore.subscribe((state, previous) => {
      if (state.selection === previous.selection) return;
      cancel();
      cancel = afterPaint(show);
    });
    return () => {
      cancel();
      unsubscribe();
    };
  }, []);
  return selection;
}
