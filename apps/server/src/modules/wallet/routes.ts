import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatUnits } from '@tidemark/core';
import {
  BANK_CURRENCY,
  notice,
  ZAccountListRequest,
  ZAccountListResponse,
  ZAddAddressRequest,
  ZAddressListResponse,
  ZBankBindRequest,
  ZCashInfoResponse,
  ZChargeRequest,
  ZCoinDealRequest,
  ZCoinDealResponse,
  ZCurrencyListResponse,
  ZCurrencyRequest,
  ZDeleteAddressRequest,
  ZDepositListResponse,
  ZInAddressResponse,
  ZLegalLogRequest,
  ZLegalLogResponse,
  ZNoticeResponse,
  ZPageRequest,
  ZTransferRequest,
  ZUserCurrencyListResponse,
  ZWalletListResponse,
  ZWithdrawInfoResponse,
  ZWithdrawListResponse,
  ZWithdrawRequest,
} from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { MarketView } from '@tidemark/core';
import { ok } from '../../http/envelope';
import { usdtPrices } from '../currency/prices';
import { logText, paged, presentLogRow, presentWallet } from './present';
import { selectBalances, selectDeposits, selectWalletLog, selectWithdrawals } from './queries';
import * as wallets from './service';

const USDT = 3n;
/** legal_log's `type`: which records it lists */
const LOG_CATEGORIES: Record<number, readonly string[]> = {
  1: ['transfer'],
  2: ['deposit', 'withdraw'],
  3: ['lever', 'transfer'],
  4: ['micro'],
};
const RECORDS_PAGE_SIZE = 20;

export const walletRoutes: FastifyPluginAsyncZod<{ db: Db; market: MarketView }> = async (app, { db, market }) => {
  const tags = ['wallet'];
  const user = { auth: 'user' } as const;
  const money = { auth: 'user', idempotent: true } as const;
  const bankOr = (currency: number) => (currency === BANK_CURRENCY ? USDT : BigInt(currency));

  app.post(
    '/api/wallet/list',
    { config: user, schema: { tags, summary: 'The four wallets with balances and USDT totals', response: { 200: ZWalletListResponse } } },
    async (request) => {
      const prices = usdtPrices(market);
      const [rows, open] = await Promise.all([
        selectBalances(db, request.userId),
        db.selectFrom('setting').select('value').where('key', '=', 'platform_open').executeTakeFirst(),
      ]);
      return ok({
        change_wallet: presentWallet(rows, 'change', prices),
        lever_wallet: presentWallet(rows, 'lever', prices),
        micro_wallet: presentWallet(rows, 'micro', prices),
        legal_wallet: presentWallet(rows, 'legal', prices),
        is_open_CTbi: open?.value === '1' ? 1 : 0,
      });
    },
  );

  app.post(
    '/api/wallet/get_in_address',
    { config: user, schema: { tags, summary: 'Deposit addresses of a currency by network', body: ZCurrencyRequest, response: { 200: ZInAddressResponse } } },
    async (request) => {
      if (request.body.currency === BANK_CURRENCY) {
        const settings = await db.selectFrom('setting').selectAll().where('key', 'like', 'bank_deposit_%').execute();
        const get = (key: string) => settings.find((s) => s.key === key)?.value ?? '';
        return ok({
          Bank: { bkname: get('bank_deposit_bank_name'), cardname: get('bank_deposit_card_name'), bkcardnumer: get('bank_deposit_card_number') },
        });
      }
      const rows = await db.selectFrom('deposit_address').selectAll().where('currency_id', '=', BigInt(request.body.currency)).execute();
      return ok(Object.fromEntries(rows.map((r) => [r.network, r.address])));
    },
  );

  app.post(
    '/api/wallet/get_info',
    { config: user, schema: { tags, summary: 'Withdrawal limits, fee rate and balance of a currency', body: ZCurrencyRequest, response: { 200: ZWithdrawInfoResponse } } },
    async (request) => {
      const currencyId = bankOr(request.body.currency);
      const [limit, currency, account] = await Promise.all([
        wallets.withdrawLimits(db, request.userId, currencyId),
        db.selectFrom('currency').select('name').where('id', '=', currencyId).executeTakeFirstOrThrow(),
        db
          .selectFrom('account')
          .select('available_units')
          .where('user_id', '=', request.userId)
          .where('currency_id', '=', currencyId)
          .where('wallet', '=', 'change')
          .executeTakeFirst(),
      ]);
      return ok({
        name: currency.name,
        change_balance: formatUnits(account?.available_units ?? 0n),
        min_number: formatUnits(limit.min_units),
        max_number: formatUnits(limit.max_units),
        rate: formatUnits(limit.rate_units),
        daily_limit: formatUnits(limit.daily_limit_units),
        daily_remaining: formatUnits(limit.dailyRemainingUnits),
      });
    },
  );

  app.post(
    '/api/wallet/get_address',
    { config: user, schema: { tags, summary: 'The user’s withdrawal addresses for a currency', body: ZCurrencyRequest, response: { 200: ZAddressListResponse } } },
    async (request) => {
      const rows = await db
        .selectFrom('withdraw_address')
        .select(['id', 'address', 'nettype', 'notes'])
        .where('user_id', '=', request.userId)
        .where('currency_id', '=', BigInt(request.body.currency))
        .orderBy('id', 'desc')
        .execute();
      return ok(rows.map((r) => ({ ...r, id: Number(r.id) })));
    },
  );

  app.post(
    '/api/wallet/addaddress',
    { config: user, schema: { tags, summary: 'Add a withdrawal address', body: ZAddAddressRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      const b = request.body;
      await wallets.addAddress(db, { userId: request.userId, currencyId: BigInt(b.currency_id), address: b.address, notes: b.notes, network: b.netType });
      return ok(notice(request.lang, 'address_added'));
    },
  );

  app.post(
    '/api/wallet/deladdress',
    { config: user, schema: { tags, summary: 'Delete a withdrawal address', body: ZDeleteAddressRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      await wallets.deleteAddress(db, request.userId, request.body.address_id);
      return ok(notice(request.lang, 'address_deleted'));
    },
  );

  app.post(
    '/api/user/cash_info',
    { config: user, schema: { tags, summary: 'The bound bank card (empty when none)', response: { 200: ZCashInfoResponse } } },
    async (request) => {
      const card = await db.selectFrom('bank_card').select(['bank_account', 'bank_name', 'real_name']).where('user_id', '=', request.userId).executeTakeFirst();
      return ok(card ?? {});
    },
  );

  app.post(
    '/api/user/bank_bind',
    { config: user, schema: { tags, summary: 'Bind (or replace) the bank card', body: ZBankBindRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      await wallets.bindBankCard(db, request.userId, request.body);
      return ok(notice(request.lang, 'bank_bound'));
    },
  );

  app.post(
    '/api/wallet/out',
    { config: money, schema: { tags, summary: 'Request a withdrawal (frozen until staff decide)', body: ZWithdrawRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      const b = request.body;
      const bank = b.currency === BANK_CURRENCY;
      await wallets.requestWithdrawal(db, {
        userId: request.userId,
        currencyId: bankOr(b.currency),
        amountUnits: b.number,
        address: b.address,
        payPassword: b.pay_password,
        bank,
      });
      return ok(notice(request.lang, 'withdraw_submitted'));
    },
  );

  app.post(
    '/api/wallet/charge_req',
    { config: money, schema: { tags, summary: 'Apply for a deposit with a transfer screenshot', body: ZChargeRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      const b = request.body;
      await wallets.requestDeposit(db, { userId: request.userId, currencyId: bankOr(b.currency), amountUnits: b.amount, pic: b.pic });
      return ok(notice(request.lang, 'deposit_submitted'));
    },
  );

  app.post(
    '/api/wallet/change',
    { config: money, schema: { tags, summary: 'Transfer between the user’s wallets', body: ZTransferRequest, response: { 200: ZNoticeResponse } } },
    async (request) => {
      const b = request.body;
      await wallets.transfer(db, { userId: request.userId, currencyId: BigInt(b.currency_id), from: b.from_field, to: b.to_field, amountUnits: b.number });
      return ok(notice(request.lang, 'transfer_ok'));
    },
  );

  app.post(
    '/api/wallet/legal_log',
    { config: user, schema: { tags, summary: 'Records of a currency: 2 deposits and withdrawals, 3 contract, 4 micro', body: ZLegalLogRequest, response: { 200: ZLegalLogResponse } } },
    async (request) => {
      const b = request.body;
      const rows = await selectWalletLog(db, {
        userId: request.userId,
        categories: LOG_CATEGORIES[b.type]!,
        ...(b.currency !== undefined ? { currencyId: BigInt(b.currency) } : {}),
        page: b.page,
        pageSize: RECORDS_PAGE_SIZE,
      });
      const page = paged(rows, RECORDS_PAGE_SIZE);
      return ok({ list: page.rows.map((r) => presentLogRow(r, request.lang)), page: b.page, has_more: page.hasMore });
    },
  );

  app.post(
    '/api/account/list',
    { config: user, schema: { tags, summary: 'The transfer log: every wallet movement, newest first', body: ZAccountListRequest, response: { 200: ZAccountListResponse } } },
    async (request) => {
      const { limit, page } = request.body;
      const rows = paged(await selectWalletLog(db, { userId: request.userId, page, pageSize: limit }), limit);
      return ok({
        data: rows.rows.map((r) => ({
          id: Number(r.id),
          created_time: Number(r.created_at_ms),
          account: r.wallet,
          currency_name: r.currency_name,
          info: logText(r, request.lang),
          value: formatUnits(r.value_units),
        })),
        page,
        has_more: rows.hasMore,
      });
    },
  );

  app.get(
    '/api/wallet/currencylist',
    { config: user, schema: { tags, summary: 'Currencies (id and name)', response: { 200: ZCurrencyListResponse } } },
    async () => {
      const rows = await db.selectFrom('currency').select(['id', 'name']).orderBy('sort').execute();
      return ok(rows.map((r) => ({ id: Number(r.id), name: r.name })));
    },
  );

  app.get(
    '/api/currency/user_currency_list',
    { config: user, schema: { tags, summary: 'Spot currencies with the user’s spot balance and USDT price', response: { 200: ZUserCurrencyListResponse } } },
    async (request) => {
      const rows = await selectBalances(db, request.userId);
      const prices = usdtPrices(market);
      return ok(
        rows
          .filter((r) => r.currency.is_match === 1n)
          .map((r) => ({
            id: Number(r.currency.id),
            name: r.currency.name,
            change_balance: formatUnits(r.change.available_units),
            usdt_price: formatUnits(prices.get(r.currency.id) ?? 0n),
          })),
      );
    },
  );

  app.post(
    '/api/coin/deal',
    { config: user, schema: { tags, summary: 'Spot balances of a pair’s two currencies', body: ZCoinDealRequest, response: { 200: ZCoinDealResponse } } },
    async (request) => {
      const rows = await selectBalances(db, request.userId);
      const balanceOf = (id: number) => {
        const row = rows.find((r) => r.currency.id === BigInt(id));
        return {
          currency: id,
          name: row?.currency.name ?? '',
          balance: formatUnits(row?.change.available_units ?? 0n),
          lock_balance: formatUnits(row?.change.frozen_units ?? 0n),
        };
      };
      return ok({ user_currency: balanceOf(request.body.currency_id), user_legal: balanceOf(request.body.legal_id) });
    },
  );

  app.post(
    '/api/wallet/withdraw_list',
    { config: user, schema: { tags, summary: 'The user’s withdrawals with their status', body: ZPageRequest, response: { 200: ZWithdrawListResponse } } },
    async (request) => {
      const rows = paged(await selectWithdrawals(db, request.userId, request.body.page, RECORDS_PAGE_SIZE), RECORDS_PAGE_SIZE);
      return ok({
        list: rows.rows.map((w) => ({
          id: Number(w.id),
          currency_name: w.currency_name,
          network: w.network,
          address: w.address,
          number: formatUnits(w.amount_units),
          fee: formatUnits(w.fee_units),
          received: formatUnits(w.received_units),
          status: w.status,
          hash: w.hash,
          created_time: Number(w.created_at_ms),
          reviewed_time: w.reviewed_at_ms === null ? null : Number(w.reviewed_at_ms),
        })),
        has_more: rows.hasMore,
      });
    },
  );

  app.post(
    '/api/wallet/charge_list',
    { config: user, schema: { tags, summary: 'The user’s deposit applications with their status', body: ZPageRequest, response: { 200: ZDepositListResponse } } },
    async (request) => {
      const rows = paged(await selectDeposits(db, request.userId, request.body.page, RECORDS_PAGE_SIZE), RECORDS_PAGE_SIZE);
      return ok({
        list: rows.rows.map((d) => ({
          id: Number(d.id),
          currency_name: d.currency_name,
          amount: formatUnits(d.amount_units),
          status: d.status,
          created_time: Number(d.created_at_ms),
          reviewed_time: d.reviewed_at_ms === null ? null : Number(d.reviewed_at_ms),
        })),
        has_more: rows.hasMore,
      });
    },
  );
};

