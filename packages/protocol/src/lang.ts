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
