import type { Db } from '../../db/database';
import { Rejection } from '../../rejection';
import { inTransaction } from '../ledger/service';
import { findOwnUpload } from '../upload/service';

/** review_status values (spec 001 section 4; 3 is the dictionaries' rejected state). */
export const REVIEW = { none: 0n, inReview: 1n, verified: 2n, rejected: 3n } as const;

/** Whether another user already holds this ID number verified. */
async function verifiedElsewhere(db: Db, userId: bigint, cardId: string): Promise<boolean> {
  const row = await db
    .selectFrom('identity')
    .innerJoin('user', 'user.id', 'identity.user_id')
    .select('identity.user_id')
    .where('identity.card_id', '=', cardId)
    .where('identity.user_id', '<>', userId)
    .where('user.review_status', '=', REVIEW.verified)
    .executeTakeFirst();
  return row !== undefined;
}

export async function submitIdentity(
  db: Db,
  userId: bigint,
  input: { name: string; cardId: string; frontPic: string; reversePic: string; handPic: string },
  nowMs = Date.now(),
): Promise<void> {
  const uploads = await Promise.all([input.frontPic, input.reversePic, input.handPic].map((u) => findOwnUpload(db, userId, u)));
  const [front, reverse, hand] = uploads;
  if (!front || !reverse || !hand) throw new Rejection('upload_not_found');
  const cardId = input.cardId.toUpperCase();
  if (await verifiedElsewhere(db, userId, cardId)) throw new Rejection('id_already_verified');
  await inTransaction(db, async (trx) => {
    // only from "not submitted" or "rejected": the status update is the lock against a double submit
    const moved = await trx
      .updateTable('user')
      .set({ review_status: REVIEW.inReview })
      .where('id', '=', userId)
      .where('review_status', 'in', [REVIEW.none, REVIEW.rejected])
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new Rejection('identity_already_submitted');
    const row = {
      name: input.name,
      card_id: cardId,
      front_upload_id: front.id,
      reverse_upload_id: reverse.id,
      hand_upload_id: hand.id,
      submitted_at_ms: BigInt(nowMs),
      reviewed_at_ms: null,
      reviewed_by: null,
      review_note: null,
    };
    await trx
      .insertInto('identity')
      .values({ user_id: userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
  });
}

/** A staff decision on an identity in review; written to the audit log with the decision. */
export async function reviewIdentity(
  db: Db,
  input: { staffId: bigint; userId: bigint; approve: boolean; note?: string },
  nowMs = Date.now(),
): Promise<void> {
  const identity = await db.selectFrom('identity').select('card_id').where('user_id', '=', input.userId).executeTakeFirst();
  if (!identity) throw new Rejection('identity_not_in_review');
  if (input.approve && (await verifiedElsewhere(db, input.userId, identity.card_id))) throw new Rejection('id_already_verified');
  await inTransaction(db, async (trx) => {
    const staff = await trx.selectFrom('user').select('role').where('id', '=', input.staffId).executeTakeFirst();
    if (staff?.role !== 'staff') throw new Error('identity review needs a staff account');
    const moved = await trx
      .updateTable('user')
      .set({ review_status: input.approve ? REVIEW.verified : REVIEW.rejected })
      .where('id', '=', input.userId)
      .where('review_status', '=', REVIEW.inReview)
      .executeTakeFirst();
    if (moved.numUpdatedRows !== 1n) throw new Rejection('identity_not_in_review');
    await trx
      .updateTable('identity')
      .set({ reviewed_at_ms: BigInt(nowMs), reviewed_by: input.staffId, review_note: input.note ?? null })
      .where('user_id', '=', input.userId)
      .execute();
    await trx
      .insertInto('audit_log')
      .values({
        staff_id: input.staffId,
        action: input.approve ? 'identity.approve' : 'identity.reject',
        subject: `user:${input.userId}`,
        detail: JSON.stringify({ note: input.note ?? '' }),
        created_at_ms: BigInt(nowMs),
      })
      .execute();
  });
}
