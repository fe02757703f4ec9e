import type { ErrorCode, MessageParams, NoticeCode } from './errors';
import type { Lang } from './lang';
import { ACCOUNT_MESSAGES, ACCOUNT_NOTICES } from './messages/account';
import { COMMON_MESSAGES } from './messages/common';
import { WALLET_MESSAGES, WALLET_NOTICES } from './messages/wallet';
import { MICRO_MESSAGES, MICRO_NOTICES } from './messages/micro';
import { LEVER_MESSAGES, LEVER_NOTICES } from './messages/lever';
import { SPOT_MESSAGES, SPOT_NOTICES } from './messages/spot';
import { GUARD_MESSAGES } from './messages/guard';
import { ADMIN_MESSAGES, ADMIN_NOTICES } from './messages/admin';
import { TOTP_MESSAGES, TOTP_NOTICES } from './messages/totp';

/** One text in each of the six languages. */
export type Translations = Readonly<Record<Lang, string>>;

/**
 * One table from rejection code to its message in every language; `{name}` interpolates. Each
 * feature keeps its texts in `messages/<feature>.ts`; the type here proves every code has one.
 */
export const MESSAGES: Readonly<Record<ErrorCode, Translations>> = {
  ...COMMON_MESSAGES,
  ...ACCOUNT_MESSAGES,
  ...WALLET_MESSAGES,
  ...MICRO_MESSAGES,
  ...LEVER_MESSAGES,
  ...SPOT_MESSAGES,
  ...GUARD_MESSAGES,
  ...ADMIN_MESSAGES,
  // traders' authenticator app
  ...TOTP_MESSAGES,
};

/** Success notices in every language, joined from the features like the rejections. */
export const NOTICES: Readonly<Record<NoticeCode, Translations>> = {
  ...ACCOUNT_NOTICES,
  ...WALLET_NOTICES,
  ...MICRO_NOTICES,
  ...LEVER_NOTICES,
  ...SPOT_NOTICES,
  ...ADMIN_NOTICES,
  // traders' authenticator app
  ...TOTP_NOTICES,
};

/** The message for `code` in `lang`, with `{name}` placeholders filled from `params`. */
export function translate(lang: Lang, code: ErrorCode, params: MessageParams = {}): string {
  return MESSAGES[code][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function notice(lang: Lang, code: NoticeCode): string {
  return NOTICES[code][lang];
}
