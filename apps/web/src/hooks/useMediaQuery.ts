import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following its changes. */
export function useMediaQuery(media: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(media);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(media).matches,
  );
}

/** A device whose main pointer cannot hover (a touch screen): hints say tap, not hover. */
export const useTouchOnly = (): boolean => useMediaQuery('(hover: none)');
