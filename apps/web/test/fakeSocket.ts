import { vi } from 'vitest';
import type { RealtimeSocket } from '../src/realtime/client';

/**
 * A stand-in for the socket.io client socket: a test fires server events with `fire`, drops or
 * restores the connection with `drop` and `fire('connect')`, and reads what was emitted.
 */
export function fakeSocket() {
  const handlers = new Map<string, ((payload?: unknown) => void)[]>();
  const socket = {
    connected: false,
    auth: {} as RealtimeSocket['auth'],
    emit: vi.fn(),
    connect: vi.fn(),
    disconnect: vi.fn(() => socket.drop()),
    on(event: string, handler: (payload?: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    fire(event: string, payload?: unknown) {
      if (event === 'connect') socket.connected = true;
      handlers.get(event)?.forEach((handler) => handler(payload));
    },
    drop() {
      socket.connected = false;
    },
    /** how many socket listeners an event has: the client should add one, however many pages listen */
    listeners: (event: string) => handlers.get(event)?.length ?? 0,
    /** the emits of one event name, oldest first */
    emitted: (event: string) => socket.emit.mock.calls.filter(([name]) => name === event).map(([, payload]) => payload as unknown),
  };
  return socket;
}

export type FakeSocket = ReturnType<typeof fakeSocket>;

/** The fake as the realtime client's socket type. */
export const asSocket = (socket: FakeSocket) => socket as unknown as RealtimeSocket;
