import type { DepositStatus } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { recordStaffDecision } from '../audit/service';
import { postTransaction } from '../ledger/service';
import { assertSecondApprover } from '../staff/service';
import {
  selectDepositForReview,
  selectWithdrawalForReview,
  updateDepositFirstApproval,
  updatePendingDeposit,
  updateWithdrawalFirstApproval,
  updateWithdrawalStatus,
} from './queries';

/**
 * Staff decisions on deposits and withdrawals: each moves a request on once (a conditional
 * update is the lock), audited with the status before and after in the same transaction.
 */

async function settleDeposit(trx: Db, id: bigint, staffId: bigint, to: DepositStatus, nowMs: number, note: string | null, secondApprover?: bigint) {
  const row = await updatePendingDeposit(trx, id, to, staffId, nowMs, note, secondApprover);
  if (!row) throw new Rejection('not_pending');
  return row;
}

/**
 * Where a request stands with the two-person rule: from its currency's two-approval amount on it
 * needs two (0 would be every amount), the first only recorded, the second checked against it.
 */
async function approvalStage(
  trx: Db,
  request: { amount_units: bigint; dual_approval_units: bigint; first_approved_by: bigint | null; created_at_ms: bigint },
  staffId: bigint,
  nowMs: number,
): Promise<'one' | 'first' | 'second'> {
  if (request.amount_units < request.dual_approval_units) return 'one';
  if (request.first_approved_by === null) return 'first';
  await assertSecondApprover(trx, { firstId: request.first_approved_by, secondId: staffId, requestedAtMs: request.created_at_ms }, nowMs);
  return 'second';
}

/**
 * Credits the spot wallet through the `deposits` clearing account, once even if approved twice.
 * From its currency's two-approval amount on, the first approval only records who gave it (`first`).
 */
export function approveDeposit(db: Db, staffId: bigint, depositId: bigint, nowMs: number): Promise<'first' | 'credited'> {
  return inTransaction(db, async (trx) => {
    const current = await selectDepositForReview(trx, depositId);
    if (!current || current.status !== 'pending') throw new Rejection('not_pending');
    const stage = await approvalStage(trx, current, staffId, nowMs);
    const subject = `deposit:${depositId}`;
    if (stage === 'first') {
      if (!(await updateDepositFirstApproval(trx, depositId, staffId, nowMs))) throw new Rejection('not_pending');
      const detail = { before: { status: 'pending', first_approved_by: null }, after: { status: 'pending', first_approved_by: staffId.toString() } };
      await recordStaffDecision(trx, { staffId, action: 'deposit.first_approve', subject, detail }, nowMs);
      return 'first';
    }
    const d = await settleDeposit(trx, depositId, staffId, 'credited', nowMs, null, stage === 'second' ? staffId : undefined);
    await postTransaction(
      trx,
      {
        kind: 'deposit',
        reference: subject,
        idempotencyKey: subject,
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
    const detail = {
      before: { status: 'pending' },
      after: { status: 'credited', amount_units: d.amount_units.toString() },
      ...(stage === 'second' ? { first_approved_by: String(current.first_approved_by) } : {}),
    };
    await recordStaffDecision(trx, { staffId, action: 'deposit.approve', subject, detail }, nowMs);
    return 'credited';
  });
}

export function rejectDeposit(db: Db, staffId: bigint, depositId: bigint, nowMs: number, reason = '') {
  return inTransaction(db, async (trx) => {
    await settleDeposit(trx, depositId, staffId, 'rejected', nowMs, reason);
    const detail = { before: { status: 'pending' }, after: { status: 'rejected' }, reason };
    await recordStaffDecision(trx, { staffId, action: 'deposit.reject', subject: `deposit:${depositId}`, detail }, nowMs);
  });
}

/**
 * Approval pays out: the frozen amount leaves through `withdrawals` (received) and `fees` (fee),
 * and the withdrawal waits for the chain (`agreed`). From its currency's two-approval amount on,
 * the first approval only records who gave it (`first`); a second staff member's pays, if the
 * two-person rule allows them (`assertSecondApprover`).
 */
export function approveWithdrawal(db: Db, staffId: bigint, withdrawalId: bigint, nowMs: number): Promise<'first' | 'agreed'> {
  return inTransaction(db, async (trx) => {
    const current = await selectWithdrawalForReview(trx, withdrawalId);
    if (!current || current.status !== 'applying') throw new Rejection('not_pending');
    const stage = await approvalStage(trx, current, staffId, nowMs);
    const subject = `withdrawal:${withdrawalId}`;
    if (stage === 'first') {
      if (!(await updateWithdrawalFirstApproval(trx, withdrawalId, staffId, nowMs))) throw new Rejection('not_pending');
      const detail = { before: { status: 'applying', first_approved_by: null }, after: { status: 'applying', first_approved_by: staffId.toString() } };
      await recordStaffDecision(trx, { staffId, action: 'withdrawal.first_approve', subject, detail }, nowMs);
      return 'first';
    }
    const w = await updateWithdrawalStatus(trx, withdrawalId, 'applying', 'agreed', {
      reviewedBy: staffId,
      reviewedAtMs: nowMs,
      ...(stage === 'second' ? { secondApprover: staffId } : {}),
    });
    if (!w) throw new Rejection('not_pending');
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
    await postTransaction(trx, { kind: 'withdraw_paid', reference: subject, legs }, nowMs);
    const detail = { before: { status: 'applying' }, after: { status: 'agreed' }, ...(stage === 'second' ? { first_approved_by: String(current.first_approved_by) } : {}) };
    await recordStaffDecision(trx, { staffId, action: 'withdrawal.approve', subject, detail }, nowMs);
    return 'agreed';
  });
}

/** Rejection returns the frozen amount to available. */
export function rejectWithdrawal(db: Db, staffId: bigint, withdrawalId: bigint, nowMs: number, reason = '') {
  return inTransaction(db, async (trx) => {
    const w = await updateWithdrawalStatus(trx, withdrawalId, 'applying', 'rejected', { reviewedBy: staffId, reviewedAtMs: nowMs, note: reason });
    if (!w) throw new Rejection('not_pending');
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
    const detail = { before: { status: 'applying' }, after: { status: 'rejected' }, reason };
    await recordStaffDecision(trx, { staffId, action: 'withdrawal.reject', subject: `withdrawal:${withdrawalId}`, detail }, nowMs);
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
    const after = outcome.ok ? { status: 'chain_success', hash: outcome.hash } : { status: 'chain_failure' };
    await recordStaffDecision(trx, { staffId, action, subject: `withdrawal:${withdrawalId}`, detail: { before: { status: 'agreed' }, after } }, nowMs);
  });
}
