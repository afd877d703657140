/**
 * The one line the reviewer's decisions wait in: each runs after the ones asked for before it,
 * so quick key presses act one after another. Apart from the review actions (which read the
 * Review store) because a run's result opening waits on it too, and the store's own code must
 * not import the actions that import the store.
 */
let queue: Promise<void> = Promise.resolve();

/** Runs `action` once every action queued before it has settled. */
export function afterQueued(action: () => Promise<void>): Promise<void> {
  queue = queue.then(action, action);
  return queue;
}

/** Resolves once every decision asked for so far is saved (or failed): a queue step waits for it. */
export function decisionsSettled(): Promise<void> {
  return queue.then(
    () => undefined,
    () => undefined,
  );
}
