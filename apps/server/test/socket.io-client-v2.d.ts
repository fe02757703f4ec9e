// socket.io-client 2.x (Engine.IO 3) ships no types; the compat test uses this much of it.
declare module 'socket.io-client-v2' {
  interface LegacySocket {
    connected: boolean;
    on(event: string, listener: (payload: never) => void): LegacySocket;
    once(event: string, listener: (payload: never) => void): LegacySocket;
    emit(event: string, ...args: unknown[]): LegacySocket;
    close(): void;
  }
  export default function io(url: string, options?: Record<string, unknown>): LegacySocket;
}
