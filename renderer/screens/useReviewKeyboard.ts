import { useEffect } from 'react';
import { browseKey, reviewKeysApply, reviewModeKey } from '../state/fields/reviewKeys.js';
import { useReviewStore } from '../state/review/reviewStore.js';
import { isTyping } from '../dom/isTyping.js';

/** The Review screen's keys (the table in reviewKeys.ts): review mode's first while they apply, then browsing's. */
export function useReviewKeyboard(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const reviewing = reviewKeysApply(useReviewStore.getState().fields.length);
      // (Also keeps the key's character out of an editor it opens.)
      if ((reviewing && reviewModeKey(event)) || browseKey(event)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
