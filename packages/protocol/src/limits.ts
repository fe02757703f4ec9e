/** Every limit of the product in one place (spec sections 9 of both documents). */
export const limits = {
  handsMin: 10,
  handsMax: 100,
  codeResendMs: 60_000,
  codeTtlMs: 10 * 60_000,
  codeTriesMax: 5,
  sessionIdleMsDefault: 7 * 24 * 3600_000,
  transferUnitsMax: 99_999_999n * 100_000_000n,
  accountLengthMax: 120,
  loginPasswordLengthMin: 6,
  loginPasswordLengthMax: 16,
  uploadDepositBytesMax: 500 * 1024,
  uploadIdentityBytesMax: 4 * 1024 * 1024,
  transferLogPageSize: 20,
  recentTradesMax: 40,
  idempotencyKeyLengthMax: 128,
  bodyBytesMax: 1024 * 1024,
  /** bars one `new_timeshar` answer holds at most (the newest are kept) */
  candlesPerAnswerMax: 2000,
  /** order-book levels per side in depth answers and events */
  depthLevelsMax: 20,
  /** packets a socket may have queued before it is dropped (it reconnects and reloads) */
  socketQueuePacketsMax: 500,
} as const;
