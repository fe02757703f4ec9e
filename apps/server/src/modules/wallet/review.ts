import type { Db } from '../../db/database';
import type { DepositStatus, WithdrawalStatus } from '../../db/schema';
import { Rejection } from '../../rejection';
import { inTransaction, postTransaction } from '../ledger/service';

/** Staff decisions on deposits and withdrawals: each moves a request on once, audited. */

async function audit(trx: Db, staffId: bigint, action: string, subject: string, detail: object, nowMs: number) {
  const staff = await trx.selectFrom('user').select('role').where('id', '=', staffId).executeTakeFirst();
  if (staff?.role !== 'staff') throw new Error(`${action} needs a staff account`);
  await trx
    .insertInto('audit_log')
    .values({ staff_id: staffId, action, subject, detail: JSON.stringify(detail), created_at_ms: BigInt(nowMs) })
    .execute();
}

/** Moves a deposit from pending to `to`; the conditional update is what makes it happen once. */
async function settleDeposit(trx: Db, id: bigint, staffId: bigint, to: DepositStatus, nowMs: number) {
  const row = await trx
    .updateTable('deposit_request')
    .set({ status: to, reviewed_at_ms: BigInt(nowMs), reviewed_by: staffId })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['user_id', 'currency_id', 'amount_units'])
    .executeTakeFirst();
  if (!row) throw new Rejection('not_pending');
  return row;
}

/** Credits the spot wallet through the `deposits` clearing account, once even if approved twice. */
export function approveDeposit(db: Db, staffId: bigint, depositId: bigint, nowMs = Date.now()) {
  return inTransaction(db, async (trx) => {
    const d = await settleDeposit(trx, depositId, staffId, 'credited', nowMs);
    await postTransaction(
      trx,
      {
        kind: 'deposit',
        reference: `deposit:${depositId}`,
        idempotencyKey: `deposit:${depositId}`,
        legs: [
          {
            account: { userId: d.user_id, wallet: 'change', currencyId: d.currency_id },
            deltaUnits: d.amount_units,
            log: { category: 'deposit', text: 'deposit' },
          },
          { account: { system: 'deposits', currencyId: d.currency_id }, deltaUnits: -d.amount_units },
        ],
      },
      nowMs,
    );
    await audit(trx, staffId, 'deposit.approve', `deposit:${depositId}`, {}, nowMs);
  });
}

export function rejectDeposit(db: Db, staffId: bigint, depositId: bigint, nowMs = Date.now()) {
  return inTransaction(db, async (trx) => {
    await settleDeposit(trx, depositId, staffId, 'rejected', nowMs);
    await audit(trx, staffId, 'deposit.reject', `deposit:${depositId}`, {}, nowMs);
  });
}

async function moveWithdrawal(trx: Db, id: bigint, from: WithdrawalStatus, to: WithdrawalStatus, set: { staffId?: bigint; hash?: string }, nowMs: number) {
  const row = await trx
    .updateTable('withdrawal')
    .set({
      status: to,
      ...(set.staffId !== undefined ? { reviewed_at_ms: BigInt(nowMs), reviewed_by: set.staffId } : {}),
      ...(set.hash !== undefined ? { hash: set.hash } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .returning(['user_id', 'currency_id', 'amount_units', 'fee_units', 'received_units'])
    .executeTakeFirst();
  if (!row) throw new Rejection('not_pending');
  return row;
}

/** Approval pays out: the frozen amount leaves through `withdrawals` (received) and `fees` (fee). */
export function approveWithdrawal(db: Db, staffId: bigint, withdrawalId: bigint, nowMs = Date.now()) {
  return inTransaction(db, async (trx) => {
    const w = await moveWithdrawal(trx, withdrawalId, 'applying', 'agreed', { staffId }, nowMs);
    const legs = [
      {
        account: { userId: w.user_id, wallet: 'change' as const, currencyId: w.currency_id },
        bucket: 'frozen' as const,
        deltaUnits: -w.amount_units,
        log: { category: 'withdraw', text: 'withdraw_paid' as const },
      },
      { account: { system: 'withdrawals' as const, currencyId: w.currency_id }, deltaUnits: w.received_units },
      ...(w.fee_units > 0n ? [{ account: { system: 'fees' as const, currencyId: w.currency_id }, deltaUnits: w.fee_units }] : []),
    ];
    await postTransaction(trx, { kind: 'withdraw_paid', reference: `withdrawal:${withdrawalId}`, legs }, nowMs);
    await audit(trx, staffId, 'withdrawal.approve', `withdrawal:${withdrawalId}`, {}, nowMs);
  });
}

/** Rejection returns the frozen amount to available. */
export function rejectWithdrawal(db: Db, staffId: bigint, withdrawalId: bigint, nowMs = Date.now()) {
  return inTransaction(db, async (trx) => {
    const w = await moveWithdrawal(trx, withdrawalId, 'applying', 'rejected', { staffId }, nowMs);
    const account = { userId: w.user_id, wallet: 'change' as const, currencyId: w.currency_id };
    await postTransaction(
      trx,
      {
        kind: 'withdraw_returned',
        reference: `withdrawal:${withdrawalId}`,
        legs: [
          { account, bucket: 'frozen', deltaUnits: -w.amount_units },
          { account, deltaUnits: w.amount_units, log: { category: 'withdraw', text: 'withdraw_returned' } },
        ],
      },
      nowMs,
    );
    await audit(trx, staffId, 'withdrawal.reject', `withdrawal:${withdrawalId}`, {}, nowMs);
  });
}

/** The chain's verdict on an agreed withdrawal: success records the hash; failure returns it all. */
export function settleWithdrawalOnChain(
  db: Db,
  staffId: bigint,
  withdrawalId: bigint,
  outcome: { ok: true; hash: string } | { ok: false },
  nowMs = Date.now(),
) {
  return inTransaction(db, async (trx) => {
    if (outcome.ok) {
      await moveWithdrawal(trx, withdrawalId, 'agreed', 'chain_success', { hash: outcome.hash }, nowMs);
    } else {
      const w = await moveWithdrawal(trx, withdrawalId, 'agreed', 'chain_failure', {}, nowMs);
      const legs = [
        {
          account: { userId: w.user_id, wallet: 'change' as const, currencyId: w.currency_id },
          deltaUnits: w.amount_units,
          log: { category: 'withdraw', text: 'withdraw_returned' as const },
        },
        { account: { system: 'withdrawals' as const, currencyId: w.currency_id }, deltaUnits: -w.received_units },
        ...(w.fee_units > 0n ? [{ account: { system: 'fees' as const, currencyId: w.currency_id }, deltaUnits: -w.fee_units }] : []),
      ];
      await postTransaction(trx, { kind: 'withdraw_returned', reference: `withdrawal:${withdrawalId}`, legs }, nowMs);
    }
    await audit(trx, staffId, outcome.ok ? 'withdrawal.chain_success' : 'withdrawal.chain_failure', `withdrawal:${withdrawalId}`, outcome, nowMs);
  });
}
