import { formatUnits } from '@tidemark/core';
import { REVIEW_STATUS, type TAdminDepositRow, type TAdminIdentityRow, type TAdminWithdrawalRow } from '@tidemark/protocol';
import type { selectDepositQueue, selectIdentityQueue, selectWithdrawalQueue } from './queries';

type Rows<F extends (...args: never[]) => Promise<{ data: unknown[] }>> = Awaited<ReturnType<F>>['data'][number];

const ADMIN_UPLOAD_PREFIX = '/api/admin/upload/';
const idOrNull = (id: bigint | null) => (id === null ? null : id.toString());
const msOrNull = (ms: bigint | null) => (ms === null ? null : Number(ms));

/** Where a request stands with the two-person rule: whether it needs two approvals, and the first. */
function twoApprovals(row: {
  amount_units: bigint;
  dual_approval_units: bigint;
  first_approved_by: bigint | null;
  first_approved_email: string | null;
  first_approved_at_ms: bigint | null;
}) {
  return {
    needs_two: row.amount_units >= row.dual_approval_units,
    dual_approval: formatUnits(row.dual_approval_units),
    first_approved_by: idOrNull(row.first_approved_by),
    first_approved_email: row.first_approved_by === null ? null : (row.first_approved_email ?? ''),
    first_approved_ms: msOrNull(row.first_approved_at_ms),
  };
}

export function presentDeposit(row: Rows<typeof selectDepositQueue>): TAdminDepositRow {
  return {
    id: row.id.toString(),
    user_id: row.user_id.toString(),
    email: row.email ?? '',
    currency_name: row.currency_name,
    amount: formatUnits(row.amount_units),
    pic: ADMIN_UPLOAD_PREFIX + row.upload_name,
    status: row.status,
    ...twoApprovals(row),
    created_ms: Number(row.created_at_ms),
    reviewed_ms: msOrNull(row.reviewed_at_ms),
    reviewed_by: idOrNull(row.reviewed_by),
    review_note: row.review_note,
  };
}

export function presentWithdrawal(row: Rows<typeof selectWithdrawalQueue>): TAdminWithdrawalRow {
  return {
    id: row.id.toString(),
    user_id: row.user_id.toString(),
    email: row.email ?? '',
    currency_name: row.currency_name,
    network: row.network,
    address: row.address,
    amount: formatUnits(row.amount_units),
    fee: formatUnits(row.fee_units),
    received: formatUnits(row.received_units),
    status: row.status,
    hash: row.hash,
    ...twoApprovals(row),
    created_ms: Number(row.created_at_ms),
    reviewed_ms: msOrNull(row.reviewed_at_ms),
    reviewed_by: idOrNull(row.reviewed_by),
    review_note: row.review_note,
  };
}

const IDENTITY_STATUS = {
  [REVIEW_STATUS.inReview]: 'in_review',
  [REVIEW_STATUS.verified]: 'verified',
  [REVIEW_STATUS.rejected]: 'rejected',
} as const;

export function presentIdentity(row: Rows<typeof selectIdentityQueue>): TAdminIdentityRow {
  const status = IDENTITY_STATUS[Number(row.review_status) as keyof typeof IDENTITY_STATUS] ?? 'in_review';
  return {
    user_id: row.user_id.toString(),
    email: row.email ?? '',
    name: row.name,
    card_id: row.card_id,
    front_pic: ADMIN_UPLOAD_PREFIX + row.front_name,
    reverse_pic: ADMIN_UPLOAD_PREFIX + row.reverse_name,
    hand_pic: ADMIN_UPLOAD_PREFIX + row.hand_name,
    status,
    submitted_ms: Number(row.submitted_at_ms),
    reviewed_ms: msOrNull(row.reviewed_at_ms),
    reviewed_by: idOrNull(row.reviewed_by),
    review_note: row.review_note,
  };
}
