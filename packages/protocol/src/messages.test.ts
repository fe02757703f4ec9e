import { describe, expect, it } from 'vitest';
import { ERROR_CODES, NOTICE_CODES } from './errors';
import { LANGS } from './lang';
import { formatBytes, limits } from './limits';
import { MESSAGES, NOTICES, translate } from './messages';
import { ACCOUNT_MESSAGES, ACCOUNT_NOTICES } from './messages/account';
import { COMMON_MESSAGES } from './messages/common';
import { WALLET_MESSAGES, WALLET_NOTICES } from './messages/wallet';
import { MICRO_MESSAGES, MICRO_NOTICES } from './messages/micro';
import { LEVER_REJECTIONS } from '@tidemark/core';
import { LEVER_MESSAGES, LEVER_NOTICES } from './messages/lever';
import { SPOT_MESSAGES, SPOT_NOTICES } from './messages/spot';
import { GUARD_MESSAGES } from './messages/guard';
import { ADMIN_MESSAGES, ADMIN_NOTICES } from './messages/admin';
import { TOTP_MESSAGES, TOTP_NOTICES } from './messages/totp';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message tables', () => {
  it.each([
    ['rejections', ERROR_CODES, MESSAGES],
    ['notices', NOTICE_CODES, NOTICES],
  ] as const)('give every %s a text in all six languages with the same placeholders', (_name, codes, table) => {
    for (const code of codes) {
      const row = (table as Record<string, Record<string, string>>)[code]!;
      const english = placeholders(row.en!);
      for (const lang of LANGS) {
        expect(row[lang], `${code} in ${lang}`).toBeTruthy();
        expect(placeholders(row[lang]!), `${code} in ${lang}`).toEqual(english);
      }
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'code_resend_wait', { seconds: 42 })).toBe('Please wait 42 s before requesting another code');
    expect(translate('en', 'invalid_field')).toBe('Parameter error: {field}');
  });

  it('keeps each code in one feature file, so joining the tables overrides nothing', () => {
    const keys = [
      ...[COMMON_MESSAGES, ACCOUNT_MESSAGES, WALLET_MESSAGES, ACCOUNT_NOTICES, WALLET_NOTICES],
      ...[MICRO_MESSAGES, MICRO_NOTICES, LEVER_MESSAGES, LEVER_NOTICES, SPOT_MESSAGES, SPOT_NOTICES],
      ...[GUARD_MESSAGES, TOTP_MESSAGES, TOTP_NOTICES],
      ...[ADMIN_MESSAGES, ADMIN_NOTICES],
    ].flatMap(Object.keys);
    expect(keys.length).toBe(new Set(keys).size);
    expect(keys.length).toBe(ERROR_CODES.length + NOTICE_CODES.length);
  });

  it('answers every refusal of the lever core with a code of its own', () => {
    expect(LEVER_REJECTIONS.filter((code) => !(ERROR_CODES as readonly string[]).includes(code))).toEqual([]);
  });

  it('formats byte limits from their numbers', () => {
    expect(formatBytes(limits.uploadIdentityBytesMax)).toBe('4 MB');
    expect(formatBytes(limits.uploadDepositBytesMax)).toBe('500 KB');
    expect(formatBytes(1536)).toBe('1536 B');
    expect(formatBytes(100)).toBe('100 B');
    expect(translate('en', 'upload_too_large', { limit: formatBytes(limits.uploadIdentityBytesMax) })).toBe('The image may be at most 4 MB');
  });
});
