import { formatUnits } from '@tidemark/core';
import type { TAdminUserRow } from '@tidemark/protocol';
import type { selectLiveSessions, selectNewestWalletLog, selectNonEmptyAccounts, selectTraders } from './queries';

type Rows<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];
type TraderRow = Awaited<ReturnType<typeof selectTraders>>['data'][number];

export function presentTrader(row: TraderRow): TAdminUserRow {
  return {
    id: row.id.toString(),
    email: row.email ?? '',
    review_status: Number(row.review_status),
    login_locked: row.login_locked !== 0n,
    withdraw_locked: row.withdraw_locked !== 0n,
    created_ms: Number(row.created_at_ms),
  };
}

/** A trader as the console opens them: the account, its non-empty wallets, live sessions and newest wallet-log lines. */
export function presentTraderDetail(detail: {
  trader: TraderRow;
  wallets: Rows<typeof selectNonEmptyAccounts>[];
  sessions: Rows<typeof selectLiveSessions>[];
  ledger: Rows<typeof selectNewestWalletLog>[];
}) {
  const { trader, wallets, sessions, ledger } = detail;
  return {
    user: { ...presentTrader(trader), phone: trader.phone ?? '', invite_code: trader.extension_code, has_pay_password: trader.pay_password_hash !== null },
    wallets: wallets.map((w) => ({ currency_name: w.currency_name, wallet: w.wallet, available: formatUnits(w.available_units), frozen: formatUnits(w.frozen_units) })),
    sessions: sessions.map((s) => ({ id: s.id.toString(), created_ms: Number(s.created_at_ms), last_seen_ms: Number(s.last_seen_at_ms) })),
    ledger: ledger.map((l) => ({
      id: l.id.toString(),
      currency_name: l.currency_name,
      wallet: l.wallet,
      category: l.category,
      value: formatUnits(l.value_units),
      info: l.type_info_e,
      created_ms: Number(l.created_at_ms),
    })),
  };
}
