import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { calls } from '@tidemark/protocol';
import { ok } from '../src/http/envelope';
import { rejectWithdrawal } from '../src/modules/wallet/review';
import { buildStaff, buildTrader } from '../src/testing/factories';
import { clientAddresses, startTestServer, type TestServer } from './harness';

const BTC = 1n;
const USDT = 3n;
let server: TestServer;

const whoAmI = async (app: FastifyInstance) => {
  app.get('/api/probe/ip', async (request) => ok(request.ip));
};

beforeAll(async () => {
  server = await startTestServer({ extraRoutes: whoAmI, market: { stepMs: 3_600_000 } });
});
afterAll(() => server.close());

describe('client addresses', () => {
  it('hands out the same addresses in the same order on every server', () => {
    const [a, b] = [clientAddresses(), clientAddresses()];
    const first = [a(), a(), a()];
    expect(first).toEqual(['198.18.0.1', '198.18.0.2', '198.18.0.3']);
    expect([b(), b(), b()]).toEqual(first);
    for (let n = 4; n < 256; n++) a();
    expect(a()).toBe('198.18.1.0');
  });

  it('gives each call its own address unless the test names one', async () => {
    const [one, two] = [await server.get('/api/probe/ip'), await server.get('/api/probe/ip')];
    expect(one.message).toMatch(/^198\.1[89]\./);
    expect(two.message).not.toBe(one.message);
    expect((await server.get('/api/probe/ip', { ip: '203.0.113.9' })).message).toBe('203.0.113.9');
  });
});

describe('calls through the table', () => {
  it('fails a call that must succeed when it is refused, and one that must be refused when it succeeds', async () => {
    await expect(server.call(calls.userInfo)).rejects.toThrow(/^GET \/api\/user\/info was refused: \{"type":"999"/);
    await expect(server.refused(calls.commonConfig)).rejects.toThrow(/^GET \/api\/common\/config was not refused: \{"type":"ok"/);
    expect(await server.attempt(calls.userInfo)).toMatchObject({ type: '999' });
  });

  it('fills in the path parameters of a call, and names one left out', async () => {
    expect(await server.refused(calls.uploadRead, {}, { params: { name: `${'a'.repeat(32)}.png` } })).toMatchObject({ type: '999' });
    await expect(server.attempt(calls.uploadRead)).rejects.toThrow('GET /api/upload/:name needs the parameter name');
  });
});

describe('factories', () => {
  const walletOf = async (token: string) => (await server.call(calls.walletList, {}, { token })).message;
  const row = (wallet: { balance: { currency: number }[] }, currencyId: bigint) => wallet.balance.find((b) => b.currency === Number(currencyId));

  it('builds a trader who can withdraw at once: funded, with a fund password and a saved address', async () => {
    const trader = await buildTrader(server);
    expect(row((await walletOf(trader.token)).change_wallet, USDT)).toMatchObject({ change_balance: '1000.00000000' });
    const book = await server.call(calls.walletAddresses, { currency: '3' }, { token: trader.token });
    expect(book.message).toEqual([{ id: expect.any(Number), address: trader.address.address, nettype: 'TRC20', notes: 'cold' }]);
    await server.call(
      calls.walletOut,
      { currency: '3', number: '100', address: trader.address.address, pay_password: trader.fundPassword },
      { token: trader.token },
    );
    await server.expectLedgerSound();
  });

  it('funds the currencies and wallets asked for, through the ledger', async () => {
    const trader = await buildTrader(server, {
      funds: [
        [BTC, '0.5'],
        [USDT, '25', 'lever'],
      ],
      fundPassword: '654321',
    });
    const wallets = await walletOf(trader.token);
    expect(row(wallets.change_wallet, BTC)).toMatchObject({ change_balance: '0.50000000' });
    expect(row(wallets.change_wallet, USDT)).toMatchObject({ change_balance: '0.00000000' });
    expect(row(wallets.lever_wallet, USDT)).toMatchObject({ lever_balance: '25.00000000' });
    expect(trader.fundPassword).toBe('654321');
    const txns = await server.db.selectFrom('ledger_txn').select('kind').where('reference', '=', `test-funding:${trader.id}`).execute();
    expect(txns.map((t) => t.kind)).toEqual(['deposit', 'deposit']);
    await server.expectLedgerSound();
  });

  it('builds a signed-in staff member whose decisions are accepted and audited', async () => {
    const trader = await buildTrader(server);
    await server.call(calls.walletOut, { currency: '3', number: '50', address: trader.address.address, pay_password: trader.fundPassword }, { token: trader.token });
    const w = (await server.call(calls.walletWithdrawList, {}, { token: trader.token })).message.list[0]!;
    // a trader is no staff member
    await expect(rejectWithdrawal(server.db, trader.id, BigInt(w.id), server.clock())).rejects.toThrow(/staff/);
    const staff = await buildStaff(server);
    await rejectWithdrawal(server.db, staff.id, BigInt(w.id), server.clock());
    const audit = await server.db.selectFrom('audit_log').select('action').where('staff_id', '=', staff.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.reject']);
    expect(await server.call(calls.adminMe, {}, { token: staff.token })).toMatchObject({ type: 'ok', message: { role: 'admin' } });
    await server.expectLedgerSound();
  });
});
