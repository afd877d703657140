import type { PageBox } from '../../shared/grounding/box.js';

/** Where a box sits over its page, as CSS percentages of the page: the overlay scales with the page at any zoom. */
export function boxStyle(box: Pick<PageBox, 'left' | 'top' | 'right' | 'bottom'>) {
  return {
    left: `${box.left * 100}%`,
    top: `${box.top * 100}%`,
    width: `${(box.right - box.left) * 100}%`,
    height: `${(box.bottom - box.top) * 100}%`,
  };
}
