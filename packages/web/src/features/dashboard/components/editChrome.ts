/**
 * The edit mode's passing state, kept out of React's tree so a pointer move redraws only the
 * components it concerns: the innermost component under the pointer (whose toolbar shows) and
 * the drop indicator of the drag under way.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { DropIndicator } from './dnd';

export interface ValueStore<T> {
  get: () => T;
  set: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (Object.is(next, value)) return;
      value = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export interface EditChrome {
  /** The innermost component under the pointer. */
  hovered: ValueStore<string | null>;
  /** Where the dragged component would land. */
  drop: ValueStore<DropIndicator | null>;
  /** A drag is under way (toolbars hide). */
  dragging: ValueStore<boolean>;
}

export const createEditChrome = (): EditChrome => ({
  hovered: createValueStore<string | null>(null),
  drop: createValueStore<DropIndicator | null>(null),
  dragging: createValueStore(false),
});

/** A value picked from a store; the caller redraws only when the picked value changes. */
export function useStoreValue<T, S>(store: ValueStore<T>, pick: (value: T) => S): S {
  const get = useCallback(() => pick(store.get()), [store, pick]);
  return useSyncExternalStore(store.subscribe, get, get);
}
