import { calls, type CallInput, type CallOutput, type CallSpec, type CallWhole } from '@tidemark/protocol';
import { currentLanguage } from '../i18n/language';
import { intent } from './idempotency';
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

type Fields = Record<string, string | number | undefined>;

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

/** `whole`: resolve to the whole ok answer, for calls that answer beside `message` (the chart) */
async function request<T>(url: string, init: RequestInit, whole = false, onSessionLost: () => void = sessionLost): Promise<T> {
  let envelope: Envelope;
  try {
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    envelope = (await response.json()) as Envelope;
  } catch (cause) {
    console.error(`request failed: ${init.method ?? 'GET'} ${url}`, cause);
    throw cause;
  }
  if (envelope.type === 'ok') return (whole ? envelope : envelope.message) as T;
  if (envelope.type === '999') onSessionLost();
  throw new ApiError(String(envelope.message), envelope.code);
}

export interface CallOptions {
  /** for money-moving calls: the same key on a retry makes the server answer the first outcome */
  idempotencyKey?: string;
  /** overrides the stored token, for the call right after login (and the staff console's own) */
  token?: string;
  /** what a lost session does instead of signing the trader out (the staff console's sign-in) */
  onSessionLost?: () => void;
}

/**
 * Makes a call of the protocol's table: its method and path, its fields as a form (POST) or a
 * query (GET), typed in and out. Money-moving calls carry their `Idempotency-Key`.
 */
export function call<C extends CallSpec>(spec: C, input: CallInput<C>, options: CallOptions = {}): Promise<CallOutput<C>> {
  return send(spec, input, options, false);
}

/** A call whose answer is read beside `message` (`answer: 'chart'` in the table): resolves to the whole ok answer. */
export function callWhole<C extends CallSpec>(spec: C, input: CallInput<C>): Promise<CallWhole<C>> {
  return send(spec, input, {}, true);
}

function send<T>(spec: CallSpec, input: unknown, options: CallOptions, whole: boolean): Promise<T> {
  const fields = (input ?? {}) as Fields;
  const head = {
    ...headers(options.token),
    ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
  };
  if (spec.method === 'GET') {
    const search = toParams(fields).toString();
    return request(search ? `${spec.path}?${search}` : spec.path, { method: 'GET', headers: head }, whole, options.onSessionLost);
  }
  return request(spec.path, { method: 'POST', headers: head, body: toParams(fields) }, whole, options.onSessionLost);
}

/**
 * What a form submits through: money-moving calls send an `Idempotency-Key` per intent (see
 * `intent`), so a double click or a retry after a lost answer moves money once; others go as they are.
 */
export function submitter<C extends CallSpec>(spec: C): (input: CallInput<C>) => Promise<CallOutput<C>> {
  if (!spec.money) return (input) => call(spec, input);
  const submits = intent<CallOutput<C>>();
  return (input) => submits.submit(input, (idempotencyKey) => call(spec, input, { idempotencyKey }));
}

/**
 * Uploads one file as multipart field `file`; resolves to its URL, a link signed for the owner
 * that an <img> can load until it expires (forms send it as it is). No content-type of our own:
 * fetch adds the multipart boundary for FormData.
 */
export function upload(file: Blob): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return request<string>(calls.upload.path, { method: 'POST', headers: headers(), body });
}
