import { createContext, use, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { io } from 'socket.io-client';
import { getSession, subscribeSession } from '../session/store';
import { RealtimeClient, type PrivateEvent, type RealtimeEventPayload } from './client';

const RealtimeContext = createContext<RealtimeClient | undefined>(undefined);

/** socket.io's path on our server; connecting waits for the provider, so nothing connects at import. */
const createSocket = () => io({ path: '/wss/socket.io/', autoConnect: false });

/**
 * The app's one realtime connection, at the root: open while the app runs, bound to whoever
 * is logged in (it follows the session store, so login and logout in any tab rebind it).
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new RealtimeClient(createSocket()));
  useEffect(() => {
    const bind = () => client.setSession(getSession('token'), getSession('user_id'));
    bind();
    const unsubscribe = subscribeSession(bind);
    const stop = client.start();
    return () => {
      unsubscribe();
      stop();
    };
  }, [client]);
  return <RealtimeContext value={client}>{children}</RealtimeContext>;
}

export function useRealtime(): RealtimeClient {
  const client = use(RealtimeContext);
  if (!client) throw new Error('useRealtime needs a RealtimeProvider');
  return client;
}

/** Calls `handler` with each private `event` of the logged-in user, while the calling component is shown. */
export function usePrivateEvent<E extends PrivateEvent>(event: E, handler: (payload: RealtimeEventPayload<E>) => void): void {
  const client = useRealtime();
  const onEvent = useEffectEvent(handler);
  useEffect(() => client.on(event, (payload) => onEvent(payload)), [client, event]);
}
