import type { z } from 'zod';
import { REVIEW_STATUS, type ZUserInfo } from '@tidemark/protocol';
import type { UserRow } from '../../db/schema';

export function presentUserInfo(user: UserRow, totpOn: boolean): z.infer<typeof ZUserInfo> {
  return {
    id: Number(user.id),
    extension_code: user.extension_code,
    is_auth: user.review_status === BigInt(REVIEW_STATUS.verified) ? 1 : 0,
    phone: user.phone,
    email: user.email ?? '',
    is_seller: 0,
    review_status: Number(user.review_status),
    is_invee: Number(user.is_invee),
    has_pay_password: user.pay_password_hash ? 1 : 0,
    totp_on: totpOn ? 1 : 0,
  };
}
