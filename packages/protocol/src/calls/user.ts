import { z } from 'zod';
import type { ErrorCode } from '../errors';
import { ZEnvelopeOk } from '../envelope';
import { limits } from '../limits';
import { HAS_PAY_PASSWORD } from '../statuses';

/**
 * Field rules carry their rejection code as the issue message: the server answers that code
 * translated, and the web app can run the same schemas before sending.
 */
const required = (code: ErrorCode) => z.string({ error: code }).trim().min(1, code);

export const zAccount = required('account_required').max(limits.accountLengthMax, 'account_too_long');
export const zEmail = required('account_required').pipe(z.email('email_invalid'));
export const zCode = required('code_required').regex(new RegExp(`^\\d{${limits.codeDigits}}$`), 'code_wrong');

/** A login password as the spec's hint says: 6-16 characters with letters and digits. */
export const zNewPassword = z
  .string({ error: 'password_required' })
  .min(1, 'password_required')
  .min(limits.loginPasswordLengthMin, 'password_too_short')
  .max(limits.loginPasswordLengthMax, 'password_too_long')
  .regex(/^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7e]+$/, 'password_weak');
const zPassword = z.string({ error: 'password_required' }).min(1, 'password_required').max(limits.passwordLengthMax, 'password_too_long');
const zOptional = z.string().trim().optional();

function matching<T extends z.ZodRawShape>(shape: T, first: keyof T & string, repeat: keyof T & string) {
  return z.object(shape).refine((v) => (v as Record<string, unknown>)[first] === (v as Record<string, unknown>)[repeat], {
    message: 'passwords_mismatch',
    path: [repeat],
  });
}

export const ZLoginRequest = z.object({
  user_string: zAccount,
  password: zPassword,
  type: zOptional,
  area_code_id: zOptional,
  /**
   * the authenticator code (or a recovery code), only for accounts that turned it on: without it
   * such an account is answered `totp_required` and no session opens
   */
  totp_code: z.string().trim().max(32, 'totp_code_wrong').optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
/** message: the session token */
export const ZLoginResponse = ZEnvelopeOk(z.string());
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

export const ZRegisterRequest = matching(
  {
    type: z.enum(['email', 'mobile']).default('email'),
    country_code: zOptional,
    user_string: zAccount,
    password: zNewPassword,
    re_password: zPassword,
    extension_code: zOptional,
    code: zCode,
  },
  'password',
  're_password',
);
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZSendMailRequest = z.object({
  user_string: zEmail,
  type: z.enum(['register', 'forget']).default('register'),
  country_code: zOptional,
  lang: zOptional,
});
export type TSendMailRequest = z.infer<typeof ZSendMailRequest>;
export const ZSendPhoneRequest = z.object({ user_string: zOptional, type: zOptional, country_code: zOptional });
export type TSendPhoneRequest = z.infer<typeof ZSendPhoneRequest>;

export const ZCheckEmailRequest = z.object({ email_code: zCode, user_string: zEmail });
export type TCheckEmailRequest = z.infer<typeof ZCheckEmailRequest>;
export const ZCheckMobileRequest = z.object({ mobile_code: zOptional, user_string: zOptional, country_code: zOptional });
export type TCheckMobileRequest = z.infer<typeof ZCheckMobileRequest>;

export const ZForgetRequest = matching(
  { country_code: zOptional, account: zEmail, password: zNewPassword, repassword: zPassword, code: zCode },
  'password',
  'repassword',
);
export type TForgetRequest = z.infer<typeof ZForgetRequest>;

export const ZChangePasswordRequest = z
  .object({ old_password: zPassword, password: zNewPassword, re_password: z.string().optional(), type: zOptional })
  .refine((v) => v.re_password === undefined || v.re_password === v.password, {
    message: 'passwords_mismatch',
    path: ['re_password'],
  })
  .refine((v) => v.old_password !== v.password, { message: 'password_same_as_old', path: ['password'] });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZUserInfo = z.object({
  id: z.number().int(),
  extension_code: z.string(),
  /** 1 when identity is verified (review_status 2) */
  is_auth: z.number().int(),
  /** null when none is bound: clients test `phone != null` */
  phone: z.string().nullable(),
  email: z.string(),
  /** 0: no one is an over-the-counter seller here */
  is_seller: z.literal(0),
  /** 0 not submitted, 1 in review, 2 verified, 3 rejected */
  review_status: z.number().int(),
  is_invee: z.number().int(),
  /** 1 when a fund password is set */
  has_pay_password: z.number().int(),
  /** 1 when the authenticator app (TOTP) is on: asked at sign-in and on withdrawal */
  totp_on: z.number().int(),
});

/** A new authenticator secret to scan; confirmed by its first code (`totp_enable`). */
export const ZTotpSetupResponse = ZEnvelopeOk(z.object({ secret: z.string(), otpauth_url: z.string() }));
export type TTotpSetupResponse = z.infer<typeof ZTotpSetupResponse>;
const zTotpCode = z.string({ error: 'totp_code_wrong' }).trim().min(1, 'totp_code_wrong').max(32, 'totp_code_wrong');
/** the current authenticator code; turning it off takes a recovery code too */
export const ZTotpCodeRequest = z.object({ code: zTotpCode });
export type TTotpCodeRequest = z.infer<typeof ZTotpCodeRequest>;
/** the new secret's first code, and the login password: a session alone (a stolen one) cannot lock its owner out */
export const ZTotpEnableRequest = z.object({ code: zTotpCode, password: zPassword });
export type TTotpEnableRequest = z.infer<typeof ZTotpEnableRequest>;
/** the recovery codes, shown this once */
export const ZTotpEnableResponse = ZEnvelopeOk(z.object({ recovery_codes: z.array(z.string()) }));
export type TTotpEnableResponse = z.infer<typeof ZTotpEnableResponse>;
export type TUserInfo = z.infer<typeof ZUserInfo>;
export const ZUserInfoResponse = ZEnvelopeOk(ZUserInfo);
export type TUserInfoResponse = z.infer<typeof ZUserInfoResponse>;
/** `review_note`: the staff's reason, given only while the identity stands rejected (3) */
export const ZUserCenterResponse = ZEnvelopeOk(z.object({ review_status: z.number().int(), review_note: z.string().optional() }));
export type TUserCenterResponse = z.infer<typeof ZUserCenterResponse>;

const stripSpaces = (code: ErrorCode) => z.string({ error: code }).transform((s) => s.replace(/\s+/g, ''));
export const ZRealNameRequest = z.object({
  // letters of any script with their accents, and the marks names carry (O'Neil, Jean-Luc, J. R., 阿·布); spaces are stripped (spec)
  name: stripSpaces('name_invalid').pipe(
    z.string().max(limits.realNameLengthMax, 'name_invalid').regex(/^\p{L}[\p{L}\p{M}'’.\-·]*$/u, 'name_invalid'),
  ),
  card_id: stripSpaces('card_id_invalid').pipe(
    z.string().regex(new RegExp(`^[A-Za-z0-9-]{${limits.cardIdLengthMin},${limits.cardIdLengthMax}}$`), 'card_id_invalid'),
  ),
  front_pic: required('upload_missing'),
  reverse_pic: required('upload_missing'),
  hand_pic: required('upload_missing'),
});
export type TRealNameRequest = z.infer<typeof ZRealNameRequest>;

/** `iso`: the ISO 3166 region code ("CN"), for a client to name the country in the reader's language. */
export const ZCountry = z.object({ country_id: z.number().int(), area_code: z.string(), name_en: z.string(), iso: z.string() });
export type TCountry = z.infer<typeof ZCountry>;
export const ZCountriesResponse = ZEnvelopeOk(z.array(ZCountry));
export type TCountriesResponse = z.infer<typeof ZCountriesResponse>;

/** message 2: no fund password yet (the client then offers /jymm); 1: one is set */
export const ZHasPasswordResponse = ZEnvelopeOk(z.union([z.literal(HAS_PAY_PASSWORD.set), z.literal(HAS_PAY_PASSWORD.unset)]));
export type THasPasswordResponse = z.infer<typeof ZHasPasswordResponse>;

export const ZPayPasswordRequest = z
  .object({
    password: zPassword,
    pay_password: z.string({ error: 'pay_password_invalid' }).regex(new RegExp(`^\\d{${limits.payPasswordDigits}}$`), 'pay_password_invalid'),
    re_pay_password: z.string({ error: 'passwords_mismatch' }),
    code: zCode,
  })
  .refine((v) => v.pay_password === v.re_pay_password, { message: 'passwords_mismatch', path: ['re_pay_password'] });
export type TPayPasswordRequest = z.infer<typeof ZPayPasswordRequest>;

export const SURVEY_QUESTIONS = 9;
export const ZSurveyRequest = z.object({
  code: zCode,
  /** one answer letter per question, comma-separated: "a,c,b,..." */
  answers: z
    .string({ error: 'survey_incomplete' })
    .regex(new RegExp(`^[a-d](,[a-d]){${SURVEY_QUESTIONS - 1}}$`), 'survey_incomplete'),
});
export type TSurveyRequest = z.infer<typeof ZSurveyRequest>;

/** A plain translated notice as the message. */
export const ZNoticeResponse = ZEnvelopeOk(z.string());
export type TNoticeResponse = z.infer<typeof ZNoticeResponse>;
