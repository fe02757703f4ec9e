import type { DepositStatus } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { recordStaffDecision } from '../audit/service';
import { postTransaction } from '../ledger/service';
import { updatePendingDeposit, updateWithdrawalStatus } from './queries';

/** Staff decisions on deposits and withdrawals: each moves a request on once, audited. */

async function settleDeposit(trx: Db, id: bigint, staffId: bigint, to: DepositStatus, nowMs: number) {
  const row = await updatePendingDeposit(trx, id, to, staffId, nowMs);
  if (!row) throw new Rejection('not_pending');
  return row;
}

/** Credits the spot wallet through the `deposits` clearing account, once even if approved twice. */
export function approveDeposit(db: Db, staffId: bigint, depositId: bigint, nowMs: number) {
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
    await recordStaffDecision(trx, { staffId, action: 'deposit.approve', subject: `deposit:${depositId}` }, nowMs);
  });
}

export function rejectDeposit(db: Db, staffId: bigint, depositId: bigint, nowMs: number) {
  return inTransaction(db, async (trx) => {
    await settleDeposit(trx, depositId, staffId, 'rejected', nowMs);
    await recordStaffDecision(trx, { staffId, action: 'deposit.reject', subject: `deposit:${depositId}` }, nowMs);
  });
}

/** The applying withdrawal, decided by staff now; a Rejection when it is no longer applying. */
async function decideWithdrawal(trx: Db, id: bigint, to: 'agreed' | 'rejected', staffId: bigint, nowMs: number) {
  const row = await updateWithdrawalStatus(trx, id, 'applying', to, { reviewedBy: staffId, reviewedAtMs: nowMs });
  if (!row) throw new Rejection('not_pending');
  return row;
}

/** Approval pays out: the frozen amount leaves through `withdrawals` (received) and `fees` (fee). */
export function approveWithdrawal(db: Db, staffId: bigint, withdrawalId: bigint, nowMs: number) {
  return inTransaction(db, async (trx) => {
    const w = await decideWithdrawal(trx, withdrawalId, 'agreed', staffId, nowMs);
    const legs = [
      {
        account: { userId: w.user_id, wallet: 'change' as const, currencyId: w.currency_id },
        bucket: 'frozen' as const,
        deltaUnits: -w.amount_units,
        log: { category: 'withdraw' as const, text: 'withdraw_paid' as const },
      },
      { account: { system: 'withdrawals' as const, currencyId: w.currency_id }, deltaUnits: w.received_units },
      ...(w.fee_units > 0n ? [{ account: { system: 'fees' as const, currencyId: w.currency_id }, deltaUnits: w.fee_units }] : []),
    ];
    await postTransaction(trx, { kind: 'withdraw_paid', reference: `withdrawal:${withdrawalId}`, legs }, nowMs);
    await recordStaffDecision(trx, { staffId, action: 'withdrawal.approve', subject: `withdrawal:${withdrawalId}` }, nowMs);
  });
}

/** Rejection returns the frozen amount to available. */
export function rejectWithdrawal(db: Db, staffId: bigint, withdrawalId: bigint, nowMs: number) {
  return inTransaction(db, async (trx) => {
    const w = await decideWithdrawal(trx, withdrawalId, 'rejected', staffId, nowMs);
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
    await recordStaffDecision(trx, { staffId, action: 'withdrawal.reject', subject: `withdrawal:${withdrawalId}` }, nowMs);
  });
}

/** The chain's verdict on an agreed withdrawal: success records the hash; failure returns it all. */
export function settleWithdrawalOnChain(
  db: Db,
  staffId: bigint,
  withdrawalId: bigint,
  outcome: { ok: true; hash: string } | { ok: false },
  nowMs: number,
) {
  return inTransaction(db, async (trx) => {
    if (outcome.ok) {
      const moved = await updateWithdrawalStatus(trx, withdrawalId, 'agreed', 'chain_success', { hash: outcome.hash });
      if (!moved) throw new Rejection('not_pending');
    } else {
      const w = await updateWithdrawalStatus(trx, withdrawalId, 'agreed', 'chain_failure', {});
      if (!w) throw new Rejection('not_pending');
      const legs = [
        {
          account: { userId: w.user_id, wallet: 'change' as const, currencyId: w.currency_id },
          deltaUnits: w.amount_units,
          log: { category: 'withdraw' as const, text: 'withdraw_returned' as const },
        },
        { account: { system: 'withdrawals' as const, currencyId: w.currency_id }, deltaUnits: -w.received_units },
        ...(w.fee_units > 0n ? [{ account: { system: 'fees' as const, currencyId: w.currency_id }, deltaUnits: -w.fee_units }] : []),
      ];
      await postTransaction(trx, { kind: 'withdraw_returned', reference: `withdrawal:${withdrawalId}`, legs }, nowMs);
    }
    const action = outcome.ok ? 'withdrawal.chain_success' : 'withdrawal.chain_failure';
    await recordStaffDecision(trx, { staffId, action, subject: `withdrawal:${withdrawalId}`, detail: outcome }, nowMs);
  });
}
