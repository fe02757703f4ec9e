/**
 * The closed set of rejection codes a client can receive. Each has a translated message in
 * `messages.ts`; the server answers `{ type: "error", code, message }`.
 */
export const ERROR_CODES = [
  'internal',
  'not_found',
  'bad_request',
  'invalid_field',
  'session_invalid',
  'rate_limited',
  'amount_empty',
  'amount_malformed',
  'amount_too_many_decimals',
  'amount_out_of_range',
  'amount_not_positive',
  'insufficient_balance',
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'account_required',
  'account_too_long',
  'email_invalid',
  'password_required',
  'password_too_short',
  'password_too_long',
  'password_weak',
  'passwords_mismatch',
  'password_same_as_old',
  'old_password_wrong',
  'login_failed',
  'account_exists',
  'account_not_found',
  'invite_code_invalid',
  'code_required',
  'code_wrong',
  'code_expired',
  'code_too_many_tries',
  'code_resend_wait',
  'phone_codes_unavailable',
  'mail_failed',
  'name_invalid',
  'card_id_invalid',
  'identity_already_submitted',
  'id_already_verified',
  'identity_not_in_review',
  'upload_missing',
  'upload_type',
  'upload_too_large',
  'upload_not_found',
  'pay_password_invalid',
  'survey_not_invited',
  'survey_incomplete',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Parameters a message may interpolate, e.g. `{field}`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Success notices the server answers with, translated like the rejections. */
export const NOTICE_CODES = [
  'code_sent',
  'code_ok',
  'registered',
  'logged_in',
  'logged_out',
  'password_changed',
  'password_reset',
  'identity_submitted',
  'pay_password_set',
  'survey_submitted',
] as const;
export type NoticeCode = (typeof NOTICE_CODES)[number];
