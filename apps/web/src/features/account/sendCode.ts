import { language } from '../../i18n';
import { sendMailCode, sendPhoneCode } from './api';
import type { AccountMode } from './ModeTabs';

/**
 * Asks for a register or forgotten-password code: mailed for an e-mail account; for a phone the
 * server answers that phone codes are not available, and that answer is shown as it is.
 */
export function sendAccountCode(
  mode: AccountMode,
  type: 'register' | 'forget',
  account: string,
  countryCode: string | undefined,
): Promise<string> {
  return mode === 'email'
    ? sendMailCode({ user_string: account, type, country_code: countryCode, lang: language })
    : sendPhoneCode({ user_string: account, type, country_code: countryCode });
}
