/** The six languages of the product, by the spec's own codes. */
export const LANGS = ['zh', 'hk', 'en', 'kr', 'jp', 'spa'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** The `lang` header's value, or the default for anything we do not speak. */
export function parseLang(value: unknown): Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value)
    ? (value as Lang)
    : DEFAULT_LANG;
}

/** The cookie mirroring the web app's stored language, so the server sends pages in it (prerendered pages). */
export const LANG_COOKIE = 'lang';

/** The spec's browser default: Japanese, any Chinese (shown in traditional script), Korean, else English. */
export function detectLanguage(browserLanguage: string): Lang {
  const primary = browserLanguage.toLowerCase().split('-')[0];
  if (primary === 'ja') return 'jp';
  if (primary === 'zh') return 'hk';
  if (primary === 'ko') return 'kr';
  return 'en';
}
