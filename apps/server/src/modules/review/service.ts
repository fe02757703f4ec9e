import { REVIEW_STATUS, type DepositStatus, type WithdrawalStatus } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { selectDepositQueue, selectIdentityQueue, selectWithdrawalQueue, type Paging, type UserFilter } from './queries';

/** The review queues of the staff console; decisions are the wallet's and identity's own service functions. */

/** A user filter as staff type it: digits are an id, anything else an e-mail address. */
export function userFilter(text: string | undefined): UserFilter {
  if (!text) return undefined;
  return /^[1-9][0-9]{0,17}$/.test(text) ? { id: BigInt(text) } : { email: text };
}

export function depositQueue(db: Db, filter: { status?: DepositStatus; user?: string }, paging: Paging) {
  return selectDepositQueue(db, { ...(filter.status ? { status: filter.status } : {}), user: userFilter(filter.user) }, paging);
}

export function withdrawalQueue(db: Db, filter: { status?: WithdrawalStatus; user?: string }, paging: Paging) {
  return selectWithdrawalQueue(db, { ...(filter.status ? { status: filter.status } : {}), user: userFilter(filter.user) }, paging);
}

const IDENTITY_FILTER = { in_review: REVIEW_STATUS.inReview, verified: REVIEW_STATUS.verified, rejected: REVIEW_STATUS.rejected } as const;

export function identityQueue(db: Db, filter: { status?: keyof typeof IDENTITY_FILTER; user?: string }, paging: Paging) {
  return selectIdentityQueue(
    db,
    { ...(filter.status ? { reviewStatus: BigInt(IDENTITY_FILTER[filter.status]) } : {}), user: userFilter(filter.user) },
    paging,
  );
}
