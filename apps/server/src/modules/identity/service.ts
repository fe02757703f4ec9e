import { REVIEW_STATUS } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { recordStaffDecision } from '../audit/service';
import { findOwnUpload } from '../upload/service';
import { selectIdentity, selectVerifiedElsewhere, updateIdentityReview, updateReviewStatus, upsertIdentity } from './queries';

/** review_status as stored. */
const REVIEW = {
  none: BigInt(REVIEW_STATUS.none),
  inReview: BigInt(REVIEW_STATUS.inReview),
  verified: BigInt(REVIEW_STATUS.verified),
  rejected: BigInt(REVIEW_STATUS.rejected),
};

export async function submitIdentity(
  db: Db,
  userId: bigint,
  input: { name: string; cardId: string; frontPic: string; reversePic: string; handPic: string },
  nowMs: number,
): Promise<void> {
  const uploads = await Promise.all([input.frontPic, input.reversePic, input.handPic].map((u) => findOwnUpload(db, userId, u)));
  const [front, reverse, hand] = uploads;
  if (!front || !reverse || !hand) throw new Rejection('upload_not_found');
  // one picture sent as two photos proves nothing: the same upload twice, or the same bytes
  const distinct = (list: (string | null)[]) => new Set(list).size === list.length;
  const digests = [front, reverse, hand].flatMap((u) => (u.sha256 ? [u.sha256] : []));
  if (!distinct([front.name, reverse.name, hand.name]) || !distinct(digests)) throw new Rejection('identity_photos_repeated');
  const cardId = input.cardId.toUpperCase();
  if (await selectVerifiedElsewhere(db, userId, cardId, REVIEW.verified)) throw new Rejection('id_already_verified');
  await inTransaction(db, async (trx) => {
    // only from "not submitted" or "rejected": the status update is the lock against a double submit
    if (!(await updateReviewStatus(trx, userId, [REVIEW.none, REVIEW.rejected], REVIEW.inReview))) {
      throw new Rejection('identity_already_submitted');
    }
    await upsertIdentity(trx, userId, {
      name: input.name,
      cardId,
      frontUploadId: front.id,
      reverseUploadId: reverse.id,
      handUploadId: hand.id,
      submittedAtMs: nowMs,
    });
  });
}

/** A staff decision on an identity in review; written to the audit log with the decision. */
export async function reviewIdentity(
  db: Db,
  input: { staffId: bigint; userId: bigint; approve: boolean; note?: string },
  nowMs: number,
): Promise<void> {
  const identity = await selectIdentity(db, input.userId);
  if (!identity) throw new Rejection('identity_not_in_review');
  if (input.approve && (await selectVerifiedElsewhere(db, input.userId, identity.card_id, REVIEW.verified))) {
    throw new Rejection('id_already_verified');
  }
  await inTransaction(db, async (trx) => {
    // audited first: a non-staff caller is refused before anything moves
    await recordStaffDecision(
      trx,
      {
        staffId: input.staffId,
        action: input.approve ? 'identity.approve' : 'identity.reject',
        subject: `user:${input.userId}`,
        detail: { before: { review_status: 'in_review' }, after: { review_status: input.approve ? 'verified' : 'rejected' }, note: input.note ?? '' },
      },
      nowMs,
    );
    const to = input.approve ? REVIEW.verified : REVIEW.rejected;
    if (!(await updateReviewStatus(trx, input.userId, [REVIEW.inReview], to))) throw new Rejection('identity_not_in_review');
    await updateIdentityReview(trx, input.userId, { staffId: input.staffId, note: input.note ?? null, reviewedAtMs: nowMs });
  });
}

/** The user's review status, with the staff's reason while it stands rejected. */
export async function identityOutcome(db: Db, userId: bigint, reviewStatus: bigint): Promise<{ review_status: number; review_note?: string }> {
  if (reviewStatus !== REVIEW.rejected) return { review_status: Number(reviewStatus) };
  const identity = await selectIdentity(db, userId);
  return { review_status: Number(reviewStatus), review_note: identity?.review_note ?? '' };
}
