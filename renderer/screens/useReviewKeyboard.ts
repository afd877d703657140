import { useEffect } from 'react';
import { fieldsInListOrder } from '../state/fields/fieldConfidence.js';
import { reviewKeysApply, reviewModeKey } from '../state/fields/reviewKeys.js';
import { useWorkspaceStore } from '../state/review/reviewStore.js';
import { isTyping } from '../dom/isTyping.js';

/**
 * Review mode with fields listed: the review keys (see reviewKeys.ts). Otherwise j / ↓ next
 * node, k / ↑ previous node, n / p next and previous field. Esc clears the selection either way.
 */
export function useWorkspaceKeyboard(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const { stepSelection, stepField, selectNode, fields } = useWorkspaceStore.getState();
      if (reviewKeysApply(fields.length) && reviewModeKey(event)) {
        event.preventDefault(); // also keeps the key's character out of an editor it opens
        return;
      }
      if (event.key === 'Escape') selectNode(null);
      else if (event.key === 'j' || event.key === 'ArrowDown') stepSelection(1);
      else if (event.key === 'k' || event.key === 'ArrowUp') stepSelection(-1);
      else if (event.key === 'n') stepField(1, fieldsInListOrder());
      else if (event.key === 'p') stepField(-1, fieldsInListOrder());
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
