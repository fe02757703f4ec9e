import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type SessionKey, type SessionValue } from './store';

/** A stored session value that re-renders its reader when it changes (in this tab or another). */
export function useSessionValue<K extends SessionKey>(key: K): SessionValue<K> {
  return useSyncExternalStore(subscribeSession, () => getSession(key));
}

/** Logged in means a token is stored; the server may still reject it (type 999). */
export function useLoggedIn(): boolean {
  return useSessionValue('token') !== null;
}
