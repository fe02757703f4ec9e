import type { Lang } from '@tidemark/protocol';
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

// Derived from the table (typed to cover every Lang) rather than imported at runtime, which would
// pull the protocol package's schemas into the bundle.
export const LANGUAGES = Object.keys(LANGUAGE_INFO) as Language[];

function isLanguage(value: string | null): value is Language {
  return (LANGUAGES as readonly (string | null)[]).includes(value);
}

/** The spec's browser default: Japanese, any Chinese (shown in traditional script), Korean, else English. */
export function detectLanguage(browserLanguage: string): Language {
  const primary = browserLanguage.toLowerCase().split('-')[0];
  if (primary === 'ja') return 'jp';
  if (primary === 'zh') return 'hk';
  if (primary === 'ko') return 'kr';
  return 'en';
}

/** The stored choice if valid, otherwise the browser's language. */
export function currentLanguage(): Language {
  const stored = getSession('lang') ?? getSession('locale');
  return isLanguage(stored) ? stored : detectLanguage(navigator.language);
}

/** Stores the choice under both keys the spec names and reloads, so every text and cached answer follows. */
export function switchLanguage(language: Language): void {
  setSession('lang', language);
  setSession('locale', language);
  window.location.reload();
}
