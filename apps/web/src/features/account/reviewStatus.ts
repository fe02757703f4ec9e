import type { ParseKeys } from 'i18next';
import { REVIEW } from './queries';

/** The text of each identity review status; an unknown value reads as not verified. */
export function reviewStatusLabel(status: number): ParseKeys {
  switch (status) {
    case REVIEW.inReview:
      return 'identity.status.inReview';
    case REVIEW.verified:
      return 'identity.status.verified';
    case REVIEW.rejected:
      return 'identity.status.rejected';
    default:
      return 'identity.status.none';
  }
}
