/**
 * The closed set of rejection codes a client can receive. Each has a translated message in
 * `messages.ts`; the server answers `{ type: "error", code, message }`.
 */
export const ERROR_CODES = [
  'internal',
  'not_found',
  'bad_request',
  'invalid_field',
  'session_invalid',
  'rate_limited',
  'amount_empty',
  'amount_malformed',
  'amount_too_many_decimals',
  'amount_out_of_range',
  'amount_not_positive',
  'insufficient_balance',
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_in_progress',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Parameters a message may interpolate, e.g. `{field}`. */
export type MessageParams = Readonly<Record<string, string | number>>;
