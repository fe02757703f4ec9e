import type { CallInput, CallOutput, CallSpec } from '@tidemark/protocol';
import { currentLanguage } from '../i18n/language';
import { getSession, removeSession } from '../session/store';

/** A refusal from the server; `message` is already in the user's language. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Every answer has this shape, with HTTP 200; type "999" means the session is no longer valid. */
interface Envelope {
  type: 'ok' | 'error' | '999';
  message: unknown;
  code?: string;
}

export type Fields = Record<string, string | number | undefined>;

/** What a call resolves to: the `message` of its ok answer, from the protocol's `T...Response` type. */
export type Answer<R extends { message: unknown }> = R['message'];

const SESSION_LOST_REDIRECT_MS = 500;
let redirectingToLogin = false;

function toParams(fields: Fields = {}): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) params.append(name, String(value));
  }
  return params;
}

function headers(token = getSession('token')): Record<string, string> {
  return { lang: currentLanguage(), ...(token ? { Authorization: `Bearer ${token}` } : {}) };
}

function sessionLost(): void {
  removeSession('token', 'user_id');
  // Several calls can fail at once; navigate once, and not away from the login page itself.
  if (redirectingToLogin || window.location.pathname === '/login') return;
  redirectingToLogin = true;
  setTimeout(() => window.location.assign('/login'), SESSION_LOST_REDIRECT_MS);
}

async function request<T>(url: string, init: RequestInit): Promise<T> {
  let envelope: Envelope;
  try {
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    envelope = (await response.json()) as Envelope;
  } catch (cause) {
    console.error(`request failed: ${init.method ?? 'GET'} ${url}`, cause);
    throw cause;
  }
  if (envelope.type === 'ok') return envelope.message as T;
  if (envelope.type === '999') sessionLost();
  throw new ApiError(String(envelope.message), envelope.code);
}

/**
 * GET with an optional query string; resolves to the envelope's message. `token` overrides the
 * stored one, for the call right after login that comes before the session is stored.
 */
export function get<T>(path: string, query?: Fields, token?: string): Promise<T> {
  const search = toParams(query).toString();
  return request<T>(search ? `${path}?${search}` : path, { method: 'GET', headers: headers(token) });
}

/** POST as a form (application/x-www-form-urlencoded, which fetch sets for URLSearchParams). */
export function post<T>(path: string, fields?: Fields): Promise<T> {
  return request<T>(path, { method: 'POST', headers: headers(), body: toParams(fields) });
}

export interface CallOptions {
  /** for money-moving calls: the same key on a retry makes the server answer the first outcome */
  idempotencyKey?: string;
  /** overrides the stored token, for the call right after login */
  token?: string;
}

/**
 * Makes a call of the protocol's table: its method and path, its fields as a form (POST) or a
 * query (GET), typed in and out. Money-moving calls carry their `Idempotency-Key`.
 */
export function call<C extends CallSpec>(spec: C, input: CallInput<C>, options: CallOptions = {}): Promise<CallOutput<C>> {
  const fields = (input ?? {}) as Fields;
  const head = {
    ...headers(options.token),
    ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
  };
  if (spec.method === 'GET') {
    const search = toParams(fields).toString();
    return request(search ? `${spec.path}?${search}` : spec.path, { method: 'GET', headers: head });
  }
  return request(spec.path, { method: 'POST', headers: head, body: toParams(fields) });
}

/**
 * Uploads one file as multipart field `file`; resolves to its URL, which is served only with the
 * token. No content-type of our own: fetch adds the multipart boundary for FormData.
 */
export function upload(file: Blob): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return request<string>('/api/upload', { method: 'POST', headers: headers(), body });
}
