import { CURRENCY_IDS, LEGAL_USDT_ID } from '@tidemark/protocol';

/** Every local-storage key the app uses, named as the spec names them. */
export const SESSION_KEYS = [
  'token',
  'accountNum',
  'user_id',
  'extension_code',
  'is_invee',
  'locale',
  'lang',
  'downUp',
  'logo_name',
  'legal_id',
  'currency_id',
  'legal_name',
  'currency_name',
  'symbol',
  'index1',
  'index2',
  'match_id',
  'lastPrice',
  'tim',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/** The selected market and chart interval before the user picks one (tim is in minutes). */
const DEFAULTS = {
  currency_id: String(CURRENCY_IDS.BTC),
  currency_name: 'BTC',
  legal_id: String(LEGAL_USDT_ID),
  legal_name: 'USDT',
  symbol: 'BTC/USDT',
  match_id: '2',
  tim: '1',
} as const satisfies Partial<Record<SessionKey, string>>;
type DefaultedKey = keyof typeof DEFAULTS;

/** Keys with a default always have a value; the others may be missing. */
export type SessionValue<K extends SessionKey> = K extends DefaultedKey ? string : string | null;

/** Survive logout: the language, and the market the user was looking at. */
const KEPT_ON_LOGOUT: readonly SessionKey[] = [
  'lang',
  'locale',
  'legal_id',
  'currency_id',
  'legal_name',
  'currency_name',
  'symbol',
  'index1',
  'index2',
  'match_id',
  'logo_name',
];

// localStorage fires 'storage' only in other tabs, so writes from this tab notify directly.
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function getSession<K extends SessionKey>(key: K): SessionValue<K> {
  // An empty string counts as unset: the old client wrote '' to mean "none".
  const stored = localStorage.getItem(key) || null;
  const fallback = (DEFAULTS as Partial<Record<SessionKey, string>>)[key] ?? null;
  return (stored ?? fallback) as SessionValue<K>;
}

export function setSession(key: SessionKey, value: string | number): void {
  localStorage.setItem(key, String(value));
  notify();
}

export function removeSession(...keys: SessionKey[]): void {
  keys.forEach((key) => localStorage.removeItem(key));
  notify();
}

/** Logout: wipe local storage but keep the language and selected market. */
export function clearSession(): void {
  const kept = KEPT_ON_LOGOUT.flatMap((key) => {
    const value = localStorage.getItem(key);
    return value === null ? [] : [[key, value] as const];
  });
  localStorage.clear();
  kept.forEach(([key, value]) => localStorage.setItem(key, value));
  notify();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
