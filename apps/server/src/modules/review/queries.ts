import type { SelectQueryBuilder } from 'kysely';
import type { DepositStatus, WithdrawalStatus } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

/** A queue's filter on the user: their id or their e-mail address. */
export type UserFilter = { id: bigint } | { email: string } | undefined;

export interface Paging {
  page: number;
  limit: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function whereUser<Q extends SelectQueryBuilder<Database, any, any>>(query: Q, filter: UserFilter): Q {
  if (!filter) return query;
  if ('id' in filter) return query.where('user.id', '=', filter.id) as Q;
  return query.where('user.email', '=', filter.email.toLowerCase()) as Q;
}

async function pageOf<R>(rows: Promise<R[]>, total: Promise<{ n: bigint | number | string }>) {
  const [data, count] = await Promise.all([rows, total]);
  return { data, total: Number(count.n) };
}

export function selectDepositQueue(db: Db, filter: { status?: DepositStatus; user: UserFilter }, paging: Paging) {
  let base = db
    .selectFrom('deposit_request')
    .innerJoin('user', 'user.id', 'deposit_request.user_id')
    .innerJoin('currency', 'currency.id', 'deposit_request.currency_id')
    .innerJoin('upload', 'upload.id', 'deposit_request.upload_id')
    .leftJoin('user as first', 'first.id', 'deposit_request.first_approved_by');
  if (filter.status) base = base.where('deposit_request.status', '=', filter.status);
  base = whereUser(base, filter.user);
  return pageOf(
    base
      .select([
        'deposit_request.id',
        'deposit_request.user_id',
        'user.email',
        'currency.name as currency_name',
        'deposit_request.amount_units',
        'upload.name as upload_name',
        'deposit_request.status',
        'currency.dual_approval_units',
        'deposit_request.first_approved_by',
        'first.email as first_approved_email',
        'deposit_request.first_approved_at_ms',
        'deposit_request.created_at_ms',
        'deposit_request.reviewed_at_ms',
        'deposit_request.reviewed_by',
        'deposit_request.review_note',
      ])
      .orderBy('deposit_request.id', 'desc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  );
}

export function selectWithdrawalQueue(db: Db, filter: { status?: WithdrawalStatus; user: UserFilter }, paging: Paging) {
  let base = db
    .selectFrom('withdrawal')
    .innerJoin('user', 'user.id', 'withdrawal.user_id')
    .innerJoin('currency', 'currency.id', 'withdrawal.currency_id')
    .leftJoin('user as first', 'first.id', 'withdrawal.first_approved_by');
  if (filter.status) base = base.where('withdrawal.status', '=', filter.status);
  base = whereUser(base, filter.user);
  return pageOf(
    base
      .select([
        'withdrawal.id',
        'withdrawal.user_id',
        'user.email',
        'currency.name as currency_name',
        'withdrawal.network',
        'withdrawal.address',
        'withdrawal.amount_units',
        'withdrawal.fee_units',
        'withdrawal.received_units',
        'withdrawal.status',
        'withdrawal.hash',
        'currency.dual_approval_units',
        'withdrawal.first_approved_by',
        'first.email as first_approved_email',
        'withdrawal.first_approved_at_ms',
        'withdrawal.created_at_ms',
        'withdrawal.reviewed_at_ms',
        'withdrawal.reviewed_by',
        'withdrawal.review_note',
      ])
      .orderBy('withdrawal.id', 'desc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  );
}

export function selectIdentityQueue(db: Db, filter: { reviewStatus?: bigint; user: UserFilter }, paging: Paging) {
  let base = db
    .selectFrom('identity')
    .innerJoin('user', 'user.id', 'identity.user_id')
    .innerJoin('upload as front', 'front.id', 'identity.front_upload_id')
    .innerJoin('upload as reverse', 'reverse.id', 'identity.reverse_upload_id')
    .innerJoin('upload as hand', 'hand.id', 'identity.hand_upload_id');
  if (filter.reviewStatus !== undefined) base = base.where('user.review_status', '=', filter.reviewStatus);
  base = whereUser(base, filter.user);
  return pageOf(
    base
      .select([
        'identity.user_id',
        'user.email',
        'user.review_status',
        'identity.name',
        'identity.card_id',
        'front.name as front_name',
        'reverse.name as reverse_name',
        'hand.name as hand_name',
        'identity.submitted_at_ms',
        'identity.reviewed_at_ms',
        'identity.reviewed_by',
        'identity.review_note',
      ])
      .orderBy('identity.submitted_at_ms', 'asc')
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow(),
  );
}
