import type en from './en.json';
import type { Language } from './language';

/**
 * All texts, one file per language, each loaded on its own: a page load needs only its
 * language's. English is the reference shape for typed keys.
 */
export const RESOURCES = {
  zh: () => import('./zh.json'),
  hk: () => import('./hk.json'),
  en: () => import('./en.json'),
  kr: () => import('./kr.json'),
  jp: () => import('./jp.json'),
  spa: () => import('./spa.json'),
} satisfies Record<Language, () => Promise<{ default: typeof en }>>;
