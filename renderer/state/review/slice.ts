import type { StateCreator } from 'zustand';
import type { ReviewState } from './reviewState.js';

/** One concern of the Review store: its state and its actions, with access to the whole store. */
export type SliceOf<T> = StateCreator<ReviewState, [], [], T>;

/** Starts `work` now and lets it be awaited later (or never): a rejection nobody awaits is not an uncaught error. */
export function started<T>(work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  return work;
}
