import { REVIEW, type UserInfo } from './queries';

export type SecurityLevel = 'low' | 'medium' | 'high' | 'strong';

/**
 * The security level: 20% to start, plus 20% each for a bound phone, a bound e-mail, a verified
 * identity and the authenticator app (the spec's three steps of 25%, with the authenticator added).
 */
export function securityLevel(info: Pick<UserInfo, 'phone' | 'email' | 'review_status' | 'totp_on'>): {
  percent: number;
  level: SecurityLevel;
} {
  const gains = [!!info.phone, info.email !== '', info.review_status === REVIEW.verified, info.totp_on === 1].filter(Boolean).length;
  const percent = 20 * (gains + 1);
  const level: SecurityLevel = percent === 100 ? 'strong' : percent >= 60 ? 'high' : percent >= 40 ? 'medium' : 'low';
  return { percent, level };
}
