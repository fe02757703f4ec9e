import { z } from 'zod';
import { ZEnvelopeOk } from '../envelope';
import { zDecimal, zTimeMs } from '../fields';
import { LANGS } from '../lang';
import { limits } from '../limits';
import { DEPOSIT_STATUSES, STAFF_ROLES, WITHDRAWAL_STATUSES } from '../statuses';

/** The staff console's calls (`/api/admin/*`): staff sessions only, in the same envelope. */

const zIdOf = (error: string) => z.string({ error }).regex(/^[1-9][0-9]{0,17}$/, error).transform((s) => BigInt(s));
const zReason = z.string({ error: 'review_reason_required' }).trim().min(1, 'review_reason_required').max(limits.reviewReasonLengthMax, 'review_reason_required');
const zPage = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(limits.adminPageSizeMax).default(limits.adminPageSize),
};
/** A page of rows, as the micro and lever lists answer it. */
const zPageOf = <T extends z.ZodType>(row: T) =>
  ZEnvelopeOk(
    z.object({ current_page: z.number().int(), data: z.array(row), per_page: z.number().int(), total: z.number().int(), last_page: z.number().int() }),
  );

export const ZAdminLoginRequest = z.object({
  email: z.string({ error: 'account_required' }).trim().min(1, 'account_required').max(limits.accountLengthMax, 'account_too_long'),
  password: z.string({ error: 'password_required' }).min(1, 'password_required').max(limits.passwordLengthMax, 'login_failed'),
});
/**
 * The password is right: `ticket` carries the sign-in to its code. Until the staff member has
 * confirmed a TOTP secret, `setup` holds a new one to scan (its first good code confirms it).
 */
export const ZAdminLoginResponse = ZEnvelopeOk(
  z.object({ ticket: z.string(), setup: z.object({ secret: z.string(), otpauth_url: z.string() }).nullable() }),
);
export const ZAdminTotpRequest = z.object({
  ticket: z.string({ error: 'totp_ticket_invalid' }).min(1, 'totp_ticket_invalid').max(200, 'totp_ticket_invalid'),
  code: z.string({ error: 'totp_code_wrong' }).trim().regex(/^[0-9]{6}$/, 'totp_code_wrong'),
});

export const ZStaffMe = z.object({ id: z.string(), email: z.string(), role: z.enum(STAFF_ROLES) });
export const ZAdminMeResponse = ZEnvelopeOk(ZStaffMe);
export type TStaffMe = z.infer<typeof ZStaffMe>;

// review queues
export const ZAdminDepositsRequest = z.object({
  status: z.enum(DEPOSIT_STATUSES).optional(),
  /** a user's id or e-mail */
  user: z.string().trim().max(limits.accountLengthMax).optional(),
  ...zPage,
});
export const ZAdminDepositRow = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  currency_name: z.string(),
  amount: zDecimal,
  /** the transfer screenshot, readable through `/api/admin/upload/:name` */
  pic: z.string(),
  status: z.enum(DEPOSIT_STATUSES),
  /** whether two different staff members must approve it: its amount is at least `dual_approval` */
  needs_two: z.boolean(),
  /** the currency's two-approval amount */
  dual_approval: zDecimal,
  /** who gave the first of two approvals, and when */
  first_approved_by: z.string().nullable(),
  first_approved_email: z.string().nullable(),
  first_approved_ms: zTimeMs.nullable(),
  created_ms: zTimeMs,
  reviewed_ms: zTimeMs.nullable(),
  reviewed_by: z.string().nullable(),
  review_note: z.string().nullable(),
});
export type TAdminDepositRow = z.infer<typeof ZAdminDepositRow>;
export const ZAdminDepositsResponse = zPageOf(ZAdminDepositRow);

/** `first`: the first of two approvals is recorded; `credited`: the amount is in the trader's spot wallet. */
export const ZAdminCreditResponse = ZEnvelopeOk(z.enum(['first', 'credited']));

export const ZAdminIdRequest = z.object({ id: zIdOf('not_found') });
export const ZAdminRejectRequest = z.object({ id: zIdOf('not_found'), reason: zReason });

export const ZAdminWithdrawalsRequest = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).optional(),
  user: z.string().trim().max(limits.accountLengthMax).optional(),
  ...zPage,
});
export const ZAdminWithdrawalRow = z.object({
  id: z.string(),
  user_id: z.string(),
  email: z.string(),
  currency_name: z.string(),
  network: z.string(),
  address: z.string(),
  amount: zDecimal,
  fee: zDecimal,
  received: zDecimal,
  status: z.enum(WITHDRAWAL_STATUSES),
  hash: z.string(),
  /** whether two different staff members must approve it: its amount is at least `dual_approval` */
  needs_two: z.boolean(),
  /** the currency's two-approval amount */
  dual_approval: zDecimal,
  /** who gave the first of two approvals, and when */
  first_approved_by: z.string().nullable(),
  first_approved_email: z.string().nullable(),
  first_approved_ms: zTimeMs.nullable(),
  created_ms: zTimeMs,
  reviewed_ms: zTimeMs.nullable(),
  reviewed_by: z.string().nullable(),
  review_note: z.string().nullable(),
});
export type TAdminWithdrawalRow = z.infer<typeof ZAdminWithdrawalRow>;
export const ZAdminWithdrawalsResponse = zPageOf(ZAdminWithdrawalRow);
/** `first`: the first of two approvals is recorded; `agreed`: paid out, waiting for the chain. */
export const ZAdminApproveResponse = ZEnvelopeOk(z.enum(['first', 'agreed']));
export const ZAdminChainRequest = z.object({
  id: zIdOf('not_found'),
  outcome: z.enum(['success', 'failure'], { error: 'invalid_field' }),
  hash: z.string().trim().max(limits.txHashLengthMax, 'tx_hash_required').optional(),
});

export const IDENTITY_QUEUE_STATUSES = ['in_review', 'verified', 'rejected'] as const;
export const ZAdminIdentitiesRequest = z.object({ status: z.enum(IDENTITY_QUEUE_STATUSES).optional(), user: z.string().trim().max(limits.accountLengthMax).optional(), ...zPage });
export const ZAdminIdentityRow = z.object({
  user_id: z.string(),
  email: z.string(),
  name: z.string(),
  card_id: z.string(),
  /** front, reverse and in-hand images, readable through `/api/admin/upload/:name` */
  front_pic: z.string(),
  reverse_pic: z.string(),
  hand_pic: z.string(),
  status: z.enum(IDENTITY_QUEUE_STATUSES),
  submitted_ms: zTimeMs,
  reviewed_ms: zTimeMs.nullable(),
  reviewed_by: z.string().nullable(),
  review_note: z.string().nullable(),
});
export type TAdminIdentityRow = z.infer<typeof ZAdminIdentityRow>;
export const ZAdminIdentitiesResponse = zPageOf(ZAdminIdentityRow);
export const ZAdminIdentityApproveRequest = z.object({ user_id: zIdOf('not_found') });
export const ZAdminIdentityRejectRequest = z.object({ user_id: zIdOf('not_found'), reason: zReason });

// audit log
export const ZAdminAuditRequest = z.object({
  staff: z.string().trim().max(limits.accountLengthMax).optional(),
  /** an action or its prefix: `withdrawal` finds every withdrawal decision */
  action: z.string().trim().max(60).optional(),
  ...zPage,
});
export const ZAdminAuditRow = z.object({
  id: z.string(),
  staff_id: z.string(),
  staff_email: z.string(),
  action: z.string(),
  subject: z.string(),
  /** what it changed: JSON with `before`, `after` and any reason */
  detail: z.string(),
  created_ms: zTimeMs,
});
export type TAdminAuditRow = z.infer<typeof ZAdminAuditRow>;
export const ZAdminAuditResponse = zPageOf(ZAdminAuditRow);

// risk and health
/** A scheduled job of the leader (the console names it by `name`). */
export const ZAdminScheduledJob = z.object({
  name: z.string(),
  schedule: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('every'), every_ms: z.number().int() }),
    /** at a time of day in a fixed offset from UTC */
    z.object({ kind: z.literal('daily'), hour: z.number().int(), minute: z.number().int(), utc_offset_minutes: z.number().int() }),
    /** at due times its module stores (a payment deadline) */
    z.object({ kind: z.literal('stored') }),
  ]),
  /**
   * its latest run: `running` while the current term runs it, `interrupted` when the term that
   * started it ended first (the next leader runs it again); null before the first
   */
  last: z
    .object({
      due_ms: zTimeMs,
      started_ms: zTimeMs,
      finished_ms: zTimeMs.nullable(),
      outcome: z.enum(['ok', 'failed', 'running', 'interrupted']),
      /** what it did, or why it failed */
      detail: z.string().nullable(),
    })
    .nullable(),
  /** when it runs next (a failed run: when it is tried again); past means due now; null when nothing stored is due */
  next_due_ms: zTimeMs.nullable(),
});
export type TAdminScheduledJob = z.infer<typeof ZAdminScheduledJob>;
export const ZAdminRiskResponse = ZEnvelopeOk(
  z.object({
    /** whether the answering process runs the engines (the leader) */
    leader: z.boolean(),
    /** the engine leader's term: its epoch (one more with each process that took the lead) and when it began */
    term: z.object({ epoch: z.string(), since_ms: zTimeMs }),
    /**
     * engines, or parts of one (a spot pair), stopped because their stored state could not be
     * rebuilt, with what broke it; the rest runs on. Empty when all run
     */
    halted: z.array(z.object({ engine: z.string(), scope: z.string(), detail: z.string(), since_ms: zTimeMs })),
    /** the leader's scheduled jobs, in the order declared: each one's schedule, its latest run and when it falls due next */
    jobs: z.array(ZAdminScheduledJob),
    pairs: z.array(
      z.object({
        pair_id: z.number().int(),
        symbol: z.string(),
        last_price: zDecimal,
        /** the feed's last trade, epoch ms; null before the first */
        last_trade_ms: zTimeMs.nullable(),
        /** open lever positions in the base currency: traders long, short, and long minus short (the house holds the opposite) */
        lever_long: zDecimal,
        lever_short: zDecimal,
        lever_net: zDecimal,
        lever_open: z.number().int(),
        /** open micro stakes in their payment currency, by direction */
        micro_up: zDecimal,
        micro_down: zDecimal,
        micro_open: z.number().int(),
      }),
    ),
  }),
);
export type TAdminRiskResponse = z.infer<typeof ZAdminRiskResponse>;
export const ZAdminLedgerCheckResponse = ZEnvelopeOk(z.object({ ok: z.boolean(), problems: z.array(z.string()) }));
export const ZAdminMicroCheckResponse = ZEnvelopeOk(
  z.object({ ok: z.boolean(), records: z.number().int(), breaks: z.array(z.object({ kind: z.string(), message: z.string() })) }),
);
export const ZAdminOutboxRequest = z.object({ ...zPage });
/** a mail's delivery, for delivery problems: codes and links in it are sealed, its text is not shown */
export const ZAdminOutboxRow = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  /** `logged`: no SMTP server is set, the mail went to the server's log */
  status: z.enum(['pending', 'sent', 'failed', 'logged']),
  error: z.string().nullable(),
  created_ms: zTimeMs,
  sent_ms: zTimeMs.nullable(),
});
export type TAdminOutboxRow = z.infer<typeof ZAdminOutboxRow>;
export const ZAdminOutboxResponse = zPageOf(ZAdminOutboxRow);

// users
export const ZAdminUsersRequest = z.object({
  /** an id, or part of an e-mail address */
  q: z.string().trim().max(limits.accountLengthMax).optional(),
  ...zPage,
});
export const ZAdminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  review_status: z.number().int(),
  login_locked: z.boolean(),
  withdraw_locked: z.boolean(),
  created_ms: zTimeMs,
});
export type TAdminUserRow = z.infer<typeof ZAdminUserRow>;
export const ZAdminUsersResponse = zPageOf(ZAdminUserRow);
export const ZAdminUserRequest = z.object({ id: zIdOf('not_found') });
export const ZAdminUserResponse = ZEnvelopeOk(
  z.object({
    user: ZAdminUserRow.extend({ phone: z.string(), invite_code: z.string(), has_pay_password: z.boolean() }),
    /** non-empty balances: currency, wallet, available, frozen */
    wallets: z.array(z.object({ currency_name: z.string(), wallet: z.string(), available: zDecimal, frozen: zDecimal })),
    sessions: z.array(z.object({ id: z.string(), created_ms: zTimeMs, last_seen_ms: zTimeMs })),
    /** the newest wallet-log lines */
    ledger: z.array(z.object({ id: z.string(), currency_name: z.string(), wallet: z.string(), category: z.string(), value: zDecimal, info: z.string(), created_ms: zTimeMs })),
  }),
);
export const ZAdminUserLockRequest = z.object({
  id: zIdOf('not_found'),
  /** `login`: signing in (locking also ends every session); `withdraw`: withdrawals */
  lock: z.enum(['login', 'withdraw'], { error: 'invalid_field' }),
  on: z.enum(['1', '0'], { error: 'invalid_field' }).transform((v) => v === '1'),
});

// staff accounts
export const ZAdminStaffRow = z.object({ id: z.string(), email: z.string(), role: z.enum(STAFF_ROLES), totp_set: z.boolean(), created_ms: zTimeMs });
export type TAdminStaffRow = z.infer<typeof ZAdminStaffRow>;
export const ZAdminStaffListResponse = ZEnvelopeOk(z.array(ZAdminStaffRow));
/** A new staff member: the address and the role; they choose their password from the invite link. */
export const ZAdminStaffCreateRequest = z.object({
  email: z.email({ error: 'email_invalid' }).max(limits.accountLengthMax, 'account_too_long'),
  role: z.enum(STAFF_ROLES, { error: 'invalid_field' }),
});
/**
 * A one-time invite: `invite_path` (STAFF_INVITE_PATH, the token after `#`) for the admin to pass on,
 * good once until `expires_ms`; it sets the member's password and authenticator.
 */
export const ZAdminStaffInvite = z.object({ id: z.string(), email: z.string(), invite_path: z.string(), expires_ms: zTimeMs });
export type TAdminStaffInvite = z.infer<typeof ZAdminStaffInvite>;
export const ZAdminStaffInviteResponse = ZEnvelopeOk(ZAdminStaffInvite);

const zInviteToken = z.string({ error: 'staff_invite_invalid' }).trim().min(1, 'staff_invite_invalid').max(200, 'staff_invite_invalid');
const zStaffPassword = z.string({ error: 'password_required' }).min(1, 'password_required').min(limits.staffPasswordLengthMin, 'password_too_short').max(limits.passwordLengthMax, 'password_too_long');
const zTotpCode = z.string({ error: 'totp_code_wrong' }).trim().regex(/^[0-9]{6}$/, 'totp_code_wrong');
const samePasswords = (v: { password: string; re_password: string }) => v.password === v.re_password;

export const ZAdminInviteOpenRequest = z.object({ token: zInviteToken });
/** Whose invite it is, and a new authenticator secret to scan (each opening replaces the unconfirmed one). */
export const ZAdminInviteOpenResponse = ZEnvelopeOk(z.object({ email: z.string(), secret: z.string(), otpauth_url: z.string(), expires_ms: zTimeMs }));
export const ZAdminInviteAcceptRequest = z
  .object({ token: zInviteToken, password: zStaffPassword, re_password: z.string({ error: 'passwords_mismatch' }), code: zTotpCode })
  .refine(samePasswords, { message: 'passwords_mismatch', path: ['re_password'] });
export const ZAdminPasswordRequest = z
  .object({
    old_password: z.string({ error: 'password_required' }).min(1, 'password_required').max(limits.passwordLengthMax, 'old_password_wrong'),
    password: zStaffPassword,
    re_password: z.string({ error: 'passwords_mismatch' }),
    code: zTotpCode,
  })
  .refine(samePasswords, { message: 'passwords_mismatch', path: ['re_password'] });
export const ZAdminStaffRoleRequest = z.object({ id: zIdOf('not_found'), role: z.enum(STAFF_ROLES, { error: 'invalid_field' }) });

// notices
const zNoticeTitle = z.string({ error: 'notice_text_required' }).trim().min(1, 'notice_text_required').max(limits.noticeTitleLengthMax, 'notice_text_required');
const zNoticeBody = z.string({ error: 'notice_text_required' }).trim().min(1, 'notice_text_required').max(limits.noticeBodyLengthMax, 'notice_text_required');
/** A notice in every language: `title_<lang>` and `body_<lang>` for zh, hk, en, kr, jp, spa. */
export const ZAdminNoticeSaveRequest = z.object({
  /** absent: a new notice */
  id: zIdOf('not_found').optional(),
  published: z.enum(['1', '0'], { error: 'invalid_field' }).transform((v) => v === '1'),
  title_zh: zNoticeTitle, body_zh: zNoticeBody,
  title_hk: zNoticeTitle, body_hk: zNoticeBody,
  title_en: zNoticeTitle, body_en: zNoticeBody,
  title_kr: zNoticeTitle, body_kr: zNoticeBody,
  title_jp: zNoticeTitle, body_jp: zNoticeBody,
  title_spa: zNoticeTitle, body_spa: zNoticeBody,
});
export const ZAdminNoticeRow = z.object({
  id: z.string(),
  published: z.boolean(),
  texts: z.record(z.enum(LANGS), z.object({ title: z.string(), body: z.string() })),
  created_ms: zTimeMs,
  updated_ms: zTimeMs,
});
export type TAdminNoticeRow = z.infer<typeof ZAdminNoticeRow>;
export const ZAdminNoticesResponse = zPageOf(ZAdminNoticeRow);
export const ZAdminNoticesRequest = z.object({ ...zPage });

/** The trader-facing notice list (published, newest first, in the request's language) and one notice. */
export const ZNoticeListRequest = z.object({ ...zPage });
export const ZNoticeListResponse = zPageOf(z.object({ id: z.string(), title: z.string(), created_ms: zTimeMs }));
export const ZNoticeDetailRequest = z.object({ id: zIdOf('not_found') });
export const ZNoticeDetailResponse = ZEnvelopeOk(z.object({ id: z.string(), title: z.string(), body: z.string(), created_ms: zTimeMs }));
