import { createContext, use, useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { afterNextPaint } from '../hooks/afterPaint';
import { getSession, subscribeSession } from '../session/store';
import { RealtimeClient, type PrivateEvent, type RealtimeEventPayload, type RealtimeSocket } from './client';

const RealtimeContext = createContext<RealtimeClient | undefined>(undefined);

type Listener = (...args: unknown[]) => void;

/**
 * The socket, with socket.io's client (about 12 KB compressed) loaded on the first wish to connect,
 * once the page on screen has painted: pages paint from their HTTP snapshots and the live updates
 * follow. Until it is there, listeners, the session and the wish wait here; the client emits only
 * on a connected socket.
 */
function createSocket(): RealtimeSocket {
  let socket: Socket | undefined;
  let auth: Socket['auth'] = {};
  let wanted = false;
  let loading = false;
  const listeners: [string, Listener][] = [];
  const load = () => {
    loading = true;
    afterNextPaint(() => {
      void import('socket.io-client').then(({ io }) => {
        // socket.io's path on our server; connecting waits for the provider, so nothing connects at load.
        // A WebSocket first (one connection, not a polling handshake then an upgrade), long-polling
        // where a WebSocket cannot get through
        socket = io({ path: '/wss/socket.io/', autoConnect: false, auth, transports: ['websocket', 'polling'], tryAllTransports: true });
        for (const [event, listener] of listeners) socket.on(event, listener);
        if (wanted) socket.connect();
      });
    });
  };
  const late = {
    get connected() {
      return socket?.connected ?? false;
    },
    get auth() {
      return auth;
    },
    set auth(value: Socket['auth']) {
      auth = value;
      if (socket) socket.auth = value;
    },
    on(event: string, listener: Listener) {
      if (socket) socket.on(event, listener);
      else listeners.push([event, listener]);
      return late;
    },
    emit(event: string, ...args: unknown[]) {
      socket?.emit(event, ...args);
      return late;
    },
    connect() {
      wanted = true;
      if (socket) socket.connect();
      else if (!loading) load();
      return late;
    },
    disconnect() {
      wanted = false;
      socket?.disconnect();
      return late;
    },
  };
  return late as unknown as RealtimeSocket;
}

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
