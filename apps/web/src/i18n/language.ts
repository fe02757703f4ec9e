import { detectLanguage, LANG_COOKIE, LANGS, type Lang } from '@tidemark/protocol';
import { getSession, setSession } from '../session/store';

/** The product's six languages, by the codes the server's `lang` header expects. */
export type Language = Lang;

/** Each language's own name (shown untranslated in the switch) and its BCP 47 tag. */
export const LANGUAGE_INFO: Record<Language, { name: string; tag: string }> = {
  zh: { name: '简体中文', tag: 'zh-CN' },
  hk: { name: '繁體中文', tag: 'zh-HK' },
  en: { name: 'English', tag: 'en' },
  kr: { name: '한국어', tag: 'ko' },
  jp: { name: '日本語', tag: 'ja' },
  spa: { name: 'Español', tag: 'es' },
};

// the protocol's own list: the package has no side effects, so only its lang module comes along
export const LANGUAGES: readonly Language[] = LANGS;

function isLanguage(value: string | null): value is Language {
  return (LANGUAGES as readonly (string | null)[]).includes(value);
}

/** The stored choice if valid, otherwise the browser's language. */
export function currentLanguage(): Language {
  const stored = getSession('lang') ?? getSession('locale');
  return isLanguage(stored) ? stored : detectLanguage(navigator.language);
}

/** Mirrors the language into a cookie, so the server sends its prerendered pages in it. */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANG_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** Stores the choice under both keys the spec names and reloads, so every text and cached answer follows. */
export function switchLanguage(language: Language): void {
  setSession('lang', language);
  setSession('locale', language);
  rememberLanguage(language);
  window.location.reload();
}
