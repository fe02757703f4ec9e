import type { ErrorCode, MessageParams } from '@tidemark/protocol';

/**
 * An expected refusal (bad input, not enough money...): the HTTP layer answers it as
 * `{ type: "error", code, message }` in the caller's language. Broken invariants are plain Errors.
 */
export class Rejection extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: MessageParams = {},
  ) {
    super(code);
    this.name = 'Rejection';
  }
}
