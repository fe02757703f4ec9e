import { REVIEW, type UserInfo } from './queries';

export type SecurityLevel = 'low' | 'medium' | 'high' | 'strong';

const LEVELS: SecurityLevel[] = ['low', 'medium', 'high', 'strong'];

/** The spec's security level: 25% to start, plus 25% each for a bound phone, a bound e-mail and a verified identity. */
export function securityLevel(info: Pick<UserInfo, 'phone' | 'email' | 'review_status'>): {
  percent: number;
  level: SecurityLevel;
} {
  const gains = [!!info.phone, info.email !== '', info.review_status === REVIEW.verified].filter(Boolean).length;
  return { percent: 25 * (gains + 1), level: LEVELS[gains]! };
}
