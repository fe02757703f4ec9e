import { useSyncExternalStore } from 'react';

/** The spec's layout switch: below 1200px wide the app uses its mobile layout. */
const MOBILE_QUERY = '(max-width: 1199px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(MOBILE_QUERY).matches);
}
