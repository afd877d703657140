/** Thrown when a page's time budget runs out; the page is reported failed, not the document. */
export class PageOverBudget extends Error {}

/** `work`, or a `PageOverBudget` rejection once `deadline` (a `performance.now()` time) has passed. */
export function beforeDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  // No deadline yet (a page waiting for its turn): a timer of Infinity would fire at once.
  if (deadline === Infinity) return work;
  const left = deadline - performance.now();
  if (left <= 0) return Promise.reject(new PageOverBudget());
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageOverBudget()), left);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
