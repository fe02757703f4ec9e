import type { Db } from '../../db/database';

/** Whether another user already holds this ID number with a review status of `verified`. */
export async function selectVerifiedElsewhere(db: Db, userId: bigint, cardId: string, verified: bigint): Promise<boolean> {
  const row = await db
    .selectFrom('identity')
    .innerJoin('user', 'user.id', 'identity.user_id')
    .select('identity.user_id')
    .where('identity.card_id', '=', cardId)
    .where('identity.user_id', '<>', userId)
    .where('user.review_status', '=', verified)
    .executeTakeFirst();
  return row !== undefined;
}

export function selectIdentity(db: Db, userId: bigint) {
  return db.selectFrom('identity').select(['card_id', 'review_note']).where('user_id', '=', userId).executeTakeFirst();
}

/** Moves the user's review status from one of `from` to `to`; false when it was in none of them. */
export async function updateReviewStatus(db: Db, userId: bigint, from: readonly bigint[], to: bigint): Promise<boolean> {
  const moved = await db.updateTable('user').set({ review_status: to }).where('id', '=', userId).where('review_status', 'in', from).executeTakeFirst();
  return moved.numUpdatedRows === 1n;
}

export async function upsertIdentity(
  db: Db,
  userId: bigint,
  identity: { name: string; cardId: string; frontUploadId: bigint; reverseUploadId: bigint; handUploadId: bigint; submittedAtMs: number },
): Promise<void> {
  const row = {
    name: identity.name,
    card_id: identity.cardId,
    front_upload_id: identity.frontUploadId,
    reverse_upload_id: identity.reverseUploadId,
    hand_upload_id: identity.handUploadId,
    submitted_at_ms: BigInt(identity.submittedAtMs),
    reviewed_at_ms: null,
    reviewed_by: null,
    review_note: null,
  };
  await db
    .insertInto('identity')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

export async function updateIdentityReview(db: Db, userId: bigint, review: { staffId: bigint; note: string | null; reviewedAtMs: number }): Promise<void> {
  await db
    .updateTable('identity')
    .set({ reviewed_at_ms: BigInt(review.reviewedAtMs), reviewed_by: review.staffId, review_note: review.note })
    .where('user_id', '=', userId)
    .execute();
}
