/**
 * Whether an element is laid out. Hidden with its screen (the compare view over the workspace:
 * display: none), it measures 0 px and its scroll is 0; a list window or a page zoom worked out
 * from that is what it would show when it comes back.
 */
export function isRendered(element: HTMLElement | null): element is HTMLElement {
  return element !== null && element.checkVisibility();
}
