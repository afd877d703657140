import { decisionsSettled } from './decisionQueue.js';
import { useReviewMode } from './reviewModeStore.js';

/**
 * Runs `open` (a finished run's result opening on the shown document) now, or, while the
 * reviewer is typing a correction, once it is saved and stored or cancelled: the result does
 * not take the extraction from under the typing (the corrector then stood on the new
 * extraction's field, the typed text gone, and Enter recorded the model's value as corrected).
 */
export function openAfterCorrection(open: () => Promise<void> | void): Promise<void> | void {
  if (useReviewMode.getState().editingPath === null) return open();
  useReviewMode.setState({ resultWaiting: true });
  const unsubscribe = useReviewMode.subscribe((state) => {
    if (state.editingPath !== null) return;
    unsubscribe();
    void decisionsSettled().then(() => {
      useReviewMode.setState({ resultWaiting: false });
      void open();
    });
  });
}
