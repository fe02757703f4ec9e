import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { io as connect, type Socket } from 'socket.io-client';
import { manualClock } from '@tidemark/core';
import type { ClientToServerEvents, ServerToClientEvents, TEmitAck } from '@tidemark/protocol';
import { calls } from '@tidemark/protocol';
import { createSession } from '../src/modules/session/service';
import { buildSignedInUser, buildStaff, type SignedInUser } from '../src/testing/factories';
import { captureMailer, startTestServer, type TestServer } from './harness';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

// A socket bound to a session (by its handshake or by `login`) is the session's: whatever ends
// the session disconnects it, and it hears no private event after.
describe('sockets end with their session', () => {
  const clock = manualClock(Date.UTC(2030, 0, 15, 12));
  const mailer = captureMailer();
  const clients: Client[] = [];
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ mailer, market: { clock, flushMs: 3_600_000, feed: () => ({ start: async () => {}, stop: async () => {} }) } });
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await server.close();
  });

  /** A connected socket bound to `token`, through its handshake or a `login` after it. */
  async function bound(token: string, how: 'handshake' | 'login' = 'handshake', reconnection = false): Promise<Client> {
    const client: Client = connect(server.url, {
      path: '/wss/socket.io/',
      transports: ['websocket'],
      forceNew: true,
      reconnection,
      ...(how === 'handshake' ? { auth: { token } } : {}),
    });
    clients.push(client);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    if (how === 'login') expect(await new Promise<TEmitAck>((resolve) => client.emit('login', { token }, resolve))).toEqual({ ok: true });
    return client;
  }

  const disconnected = (client: Client) => new Promise<string>((resolve) => client.once('disconnect', resolve));

  /** Whether `client` hears the user's next private event (sent to the user's other socket, `control`, too). */
  async function hears(client: Client, control: Client, user: SignedInUser): Promise<boolean> {
    let heard = false;
    const listener = () => void (heard = true);
    client.on('closed_microorder', listener);
    const reached = new Promise((resolve) => control.once('closed_microorder', resolve));
    server.app.realtime.publishPrivate(user.id, 'closed_microorder', { id: 1 });
    await reached;
    // an answer on the client's own connection comes after whatever the server sent it before
    await new Promise((resolve) => client.emit('unsub', 'NONE/NONE', resolve));
    client.off('closed_microorder', listener);
    return heard;
  }

  it('disconnects the socket of a session that logs out, and no other', async () => {
    const user = await buildSignedInUser(server);
    const other = await createSession(server.db, user.id, clock());
    const [byHandshake, byLogin, kept] = await Promise.all([bound(user.token), bound(user.token, 'login'), bound(other)]);
    const ends = [disconnected(byHandshake), disconnected(byLogin)];
    await server.call(calls.userLogout, {}, { token: user.token });
    // the transport closed, not a socket.io disconnect: a client reconnects by itself, as a visitor
    expect(await Promise.all(ends)).toEqual(['transport close', 'transport close']);
    expect(kept.connected).toBe(true);
  });

  it('disconnects every socket of a trader whose sign-in staff lock', async () => {
    const admin = await buildStaff(server, { role: 'admin' });
    const user = await buildSignedInUser(server);
    const sockets = await Promise.all([bound(user.token), bound(await createSession(server.db, user.id, clock()), 'login')]);
    const ends = sockets.map(disconnected);
    await server.call(calls.adminUserLock, { id: user.id.toString(), lock: 'login', on: '1' }, { token: admin.token });
    await Promise.all(ends);
  });

  it('disconnects every socket of a trader who changes the password, or resets it', async () => {
    const changer = await buildSignedInUser(server);
    const changing = [disconnected(await bound(changer.token)), disconnected(await bound(await createSession(server.db, changer.id, clock())))];
    await server.call(calls.userChangePassword, { old_password: changer.password, password: 'new12345' }, { token: changer.token });
    await Promise.all(changing);

    const forgetter = await buildSignedInUser(server);
    const resetting = disconnected(await bound(forgetter.token, 'login'));
    await server.call(calls.smsMail, { user_string: forgetter.email, type: 'forget' });
    const code = mailer.lastCode(forgetter.email);
    await server.call(calls.userForget, { account: forgetter.email, password: 'new12345', repassword: 'new12345', code });
    await resetting;
  });

  it('turning the authenticator on ends the trader’s other sessions and their sockets, not the one that turned it on', async () => {
    const user = await buildSignedInUser(server);
    const other = await createSession(server.db, user.id, clock());
    const [mine, theirs] = await Promise.all([bound(user.token), bound(other, 'login')]);
    const ended = disconnected(theirs);
    const secret = (await server.call(calls.userTotpSetup, {}, { token: user.token })).message.secret;
    const code = await generate({ secret, epoch: Math.floor(clock() / 1000) });
    await server.call(calls.userTotpEnable, { code, password: user.password }, { token: user.token });
    await ended;
    expect(await server.refused(calls.userInfo, {}, { token: other })).toMatchObject({ type: '999' });
    await server.call(calls.userInfo, {}, { token: user.token });
    expect(mine.connected).toBe(true);
    expect(await hears(mine, mine, user)).toBe(true);
  });

  it('a socket that reconnects with its ended session’s token is a visitor: no private event reaches it', async () => {
    const user = await buildSignedInUser(server);
    const other = await createSession(server.db, user.id, clock());
    const control = await bound(other);
    const socket = await bound(user.token, 'handshake', true);
    const back = new Promise<void>((resolve) => socket.io.once('reconnect', () => resolve()));
    await server.call(calls.userLogout, {}, { token: user.token });
    await back;
    expect(await hears(socket, control, user)).toBe(false);
    // and its login with that token fails
    expect(await new Promise<TEmitAck>((resolve) => socket.emit('login', { token: user.token }, resolve))).toEqual({ ok: false, code: 'session_invalid' });
  });

  it('a login as someone else leaves the first user’s private events', async () => {
    const [first, second] = await Promise.all([buildSignedInUser(server), buildSignedInUser(server)]);
    const control = await bound(first.token);
    const socket = await bound(first.token, 'login');
    expect(await new Promise<TEmitAck>((resolve) => socket.emit('login', { token: second.token }, resolve))).toEqual({ ok: true });
    expect(await hears(socket, control, first)).toBe(false);
    // and the first user's logout no longer ends it
    await server.call(calls.userLogout, {}, { token: first.token });
    expect(await hears(socket, await bound(second.token), second)).toBe(true);
  });
});
