import { useCallback, useSyncExternalStore } from 'react';
import type { Selection } from '../../../shared/grounding/selection.js';

/** The part of a store a membership follows: its selection, and word of every change. */
export interface SelectionSource {
  getState(): { selection: Selection | null };
  subscribe(listener: (state: { selection: Selection | null }, previous: { selection: Selection | null }) => void): () => void;
}

/** Whether a key (a page, a field path) is part of the selection, with word only when that answer changes. */
export interface SelectionMembership<K> {
  has(key: K): boolean;
  subscribe(key: K, listener: () => void): () => void;
}

/**
 * A yes or no per key of the selection, for what exists once per key (a thousand pages, every
 * field's row): a selection change tells only the keys it enters or leaves. One store
 * subscription per page would run a thousand selectors at every click, each over every box
 * of the selection.
 */
export function selectionMembership<K>(source: SelectionSource, keysOf: (selection: Selection) => Iterable<K>): SelectionMembership<K> {
  const listeners = new Map<K, Set<() => void>>();
  const membersOf = (selection: Selection | null) => new Set(selection ? keysOf(selection) : []);
  // Followed from the first question on: nothing is computed for a store nobody asks about.
  let members: Set<K> | null = null;
  const current = (): Set<K> => {
    if (members) return members;
    members = membersOf(source.getState().selection);
    source.subscribe((state, previous) => {
      if (state.selection === previous.selection) return;
      const before = members!;
      const after = membersOf(state.selection);
      members = after;
      for (const key of before) if (!after.has(key)) listeners.get(key)?.forEach((tell) => tell());
      for (const key of after) if (!before.has(key)) listeners.get(key)?.forEach((tell) => tell());
    });
    return members;
  };
  return {
    has: (key) => current().has(key),
    subscribe(key, listener) {
      current();
      let forKey = listeners.get(key);
      if (!forKey) listeners.set(key, (forKey = new Set()));
      forKey.add(listener);
      return () => {
        forKey.delete(listener);
        if (forKey.size === 0) listeners.delete(key);
      };
    },
  };
}

/** The membership's answer for one key, re-rendering only when it changes. */
export function useSelectionMember<K>(membership: SelectionMembership<K>, key: K): boolean {
  const subscribe = useCallback((listener: () => void) => membership.subscribe(key, listener), [membership, key]);
  return useSyncExternalStore(subscribe, () => membership.has(key));
}
