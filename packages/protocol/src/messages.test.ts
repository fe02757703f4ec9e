import { describe, expect, it } from 'vitest';
import { ERROR_CODES, NOTICE_CODES } from './errors';
import { LANGS } from './lang';
import { MESSAGES, NOTICES, translate } from './messages';

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
});
