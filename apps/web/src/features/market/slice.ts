import { useCallback, useSyncExternalStore } from 'react';
import { inNextFrame } from './frame';

/**
 * A value outside React that components read with useSyncExternalStore, so a market tick
 * re-renders only the components reading the part that changed, never the page.
 */
export interface Slice<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function slice<T>(initial: T): Slice<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/**
 * Reads a slice, or a part of it: the reader re-renders only when that part changes, and at most
 * once a frame, however many ticks arrive in it (the 24h figures of every pair come together),
 * in one commit with every other reader due in that frame.
 */
export function useSlice<T, R = T>(source: Slice<T>, select: (value: T) => R = (value) => value as unknown as R): R {
  const subscribe = useCallback(
    (listener: () => void) => {
      let cancel = () => {};
      const stop = source.subscribe(() => void (cancel = inNextFrame(listener)));
      return () => {
        stop();
        cancel();
      };
    },
    [source],
  );
  return useSyncExternalStore(subscribe, () => select(source.get()));
}
