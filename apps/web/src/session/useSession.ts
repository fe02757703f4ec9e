import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionKey, type SessionValue } from './store';

/** A stored session value that re-renders its reader when it changes (in this tab or another). */
export function useSessionValue<K extends SessionKey>(key: K): SessionValue<K> {
  return useSyncExternalStore(subscribeSession, () => getSession(key));
}

/**
 * False in the copy of a page the build prerenders (the app run by Vite's server-side loader, for
 * no visitor): what differs with the session is left out of it, and comes with the app.
 */
export const SESSION_KNOWN = !import.meta.env.SSR;

/** Logged in means a token is stored; the server may still reject it (type 999). */
export function useLoggedIn(): boolean {
  return useSessionValue('token') !== null;
}
