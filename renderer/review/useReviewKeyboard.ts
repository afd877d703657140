import { useEffect } from 'react';
import { useReviewStore } from './reviewStore.js';

/** j / ↓ next node, k / ↑ previous node, n / p next and previous field, Esc clears the selection (not while typing in a field). */
export function useReviewKeyboard(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
      const { stepSelection, stepField, selectNode } = useReviewStore.getState();
      if (event.key === 'Escape') selectNode(null);
      else if (event.key === 'j' || event.key === 'ArrowDown') stepSelection(1);
      else if (event.key === 'k' || event.key === 'ArrowUp') stepSelection(-1);
      else if (event.key === 'n') stepField(1);
      else if (event.key === 'p') stepField(-1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
