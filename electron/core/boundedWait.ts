/**
 * `work`, or undefined once `ms` have passed first: a wait with an end (at quit, a stop), whose
 * timer never outlives it. A rejection of `work` before then is passed on.
 */
export function boundedWait<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
