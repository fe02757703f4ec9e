/** Every limit of the product in one place (spec sections 9 of both documents). */
export const limits = {
  handsMin: 10,
  handsMax: 100,
  codeResendMs: 60_000,
  codeTtlMs: 10 * 60_000,
  codeTriesMax: 5,
  /** digits of a mailed code and of the fund password */
  codeDigits: 6,
  payPasswordDigits: 6,
  sessionIdleMsDefault: 7 * 24 * 3600_000,
  /** a live session's last-seen time is written at most this often, so a busy client does not write on every call */
  sessionTouchMs: 60_000,
  transferUnitsMax: 99_999_999n * 100_000_000n,
  accountLengthMax: 120,
  loginPasswordLengthMin: 6,
  loginPasswordLengthMax: 16,
  /** a password typed to prove who one is (older passwords may be longer than today's rule) */
  passwordLengthMax: 64,
  /** characters of the invitation code every user gets */
  extensionCodeLength: 8,
  withdrawAddressLengthMax: 128,
  addressNotesLengthMax: 60,
  bankAccountDigitsMin: 6,
  bankAccountDigitsMax: 34,
  bankNameLengthMax: 60,
  realNameLengthMax: 60,
  cardIdLengthMin: 4,
  cardIdLengthMax: 32,
  uploadDepositBytesMax: 500 * 1024,
  uploadIdentityBytesMax: 4 * 1024 * 1024,
  /** rows per page of the records lists (wallet records, withdrawals, deposits) */
  recordsPageSize: 20,
  transferLogPageSize: 20,
  transferLogPageSizeMax: 100,
  /** the window of a currency's daily withdrawal limit: a UTC day */
  withdrawDailyWindowMs: 24 * 3600_000,
  recentTradesMax: 40,
  idempotencyKeyLengthMax: 128,
  /** money calls sharing one commit (group commit), at most */
  groupCommitMax: 256,
  /** a SQLite writer thread that stops sooner than this after starting is not replaced (it would only stop again) */
  writerRestartAfterMs: 1000,
  /**
   * the SQLite writer thread checkpoints the WAL once it has had no job this long; a commit
   * checkpoints only past `sqliteWalPagesMax` pages (SQLite's default is 1,000: a copy and a sync
   * of the file inside the commit of whichever job or request crosses it, a burst's batches each
   * paying one)
   */
  writerCheckpointIdleMs: 200,
  sqliteWalPagesMax: 16_384,
  bodyBytesMax: 1024 * 1024,
  /** API answers from this size on go out compressed (smaller ones gain less than compressing costs) */
  compressBytesMin: 1024,
  /** bars one `new_timeshar` answer holds at most (the newest are kept) */
  candlesPerAnswerMax: 2000,
  /** order-book levels per side in depth answers and events */
  depthLevelsMax: 20,
  /** packets a socket may have queued before it is dropped (it reconnects and reloads) */
  socketQueuePacketsMax: 500,
  /** a socket this far behind (packets queued) gets the latest book instead of every book */
  socketConflateAfterPackets: 4,
  /** 24-hour figures change slowly and go to every socket: at most this often per pair */
  dayMarketPushIntervalMs: 1000,
  /** sockets that log in and never `sub` get every pair: at most this often per pair, event and period */
  legacyPushIntervalMs: 1000,
  /** sockets open at once from one client address (a household or office shares one), on all processes together */
  socketsPerAddressMax: 100,
  /** socket handshakes one client address may make in a window (page loads and reconnects) */
  socketHandshakesPerAddress: { max: 120, windowMs: 60_000 },
  /**
   * with Redis, each process's count of open sockets per address lives this long unless refreshed
   * (every third of it): a process that died stops counting by then
   */
  socketCountTtlMs: 30_000,
  /** open micro orders one user may hold at once */
  microOpenOrdersPerUserMax: 50,
  /** a pair whose latest tick is older than this refuses new micro orders */
  microPriceStaleAfterMs: 5_000,
  /**
   * the settler waits at most this long past an expiry, so a trade stamped before it but still in
   * flight is recorded first; sooner once the feed delivered a later trade of every recorded pair
   */
  microSettleLagMs: 1_000,
  /** how often the leader's settler looks for due orders when no tick wakes it */
  microSettleIntervalMs: 250,
  /**
   * micro orders the settler settles in one database transaction: fewer commits (each a disk
   * flush, rewriting every page the batch touched) settle a crowded second faster, 100,000 due
   * orders a third faster than batches of 2,000; one batch holds SQLite's writer ~0.3 s at most
   */
  microSettleBatchMax: 5_000,
  microListPageSize: 10,
  microListPageSizeMax: 100,
  /** recorded ticks shown up to each tick a settlement record used */
  microRecordTicksBefore: 10,
  /** and after its opening and its expiry */
  microRecordTicksAfter: 3,
  /** rows per page of `lever/my_trade` unless `limit` asks otherwise, and the most it may ask */
  leverPageSize: 20,
  leverPageSizeMax: 100,
  /** a submit, close or stop change refuses a last trade older than this */
  leverPriceMaxAgeMs: 30_000,
  /** recorded seconds a lever catch-up reads at a time */
  leverReplaySecondsPerRead: 5000,
  /** take-profit and stop-loss lie within this distance of the current price (the spec's 1000) */
  leverStopRangeUnits: 1000n * 100_000_000n,
  leverPositionsPerUserMax: 50,
  leverEntrustsPerUserMax: 50,
  /** `lever_trade` reaches a trader holding positions at most this often (and at once on a fill or close) */
  leverPushIntervalMs: 2_000,
  /** after the trader's own calls `lever_trade` goes out at once, then at most once per this gap (a burst of submits is one push) */
  leverCallPushGapMs: 500,
  /** wakes of the lever engine within this gap make one read of the orders they name (a new order is watched within it) */
  leverWakeGatherMs: 20,
  /** rows per page of the spot order and fill lists */
  spotPageSize: 20,
  spotPageSizeMax: 100,
  /** accepted orders the spot matcher takes from the database per read */
  spotMatchBatch: 200,
  /** after a command the matcher could not write (its book is rebuilt), the orders behind it are taken again this soon */
  spotRetryAfterFailureMs: 1_000,
  // operations
  /**
   * a process taking the engine lead waits this long for the transactions of the previous term to
   * end (they hold the lease row), then ends them: a stalled process must not hold the lead up
   */
  engineTermWaitMs: 2_000,
  /**
   * PostgreSQL ends a transaction whose process has left it idle this long (a stalled or frozen
   * process), releasing its row locks: a stalled process's money call holds account rows the next
   * engine leader writes, so this bounds how long a takeover waits for it. The app never waits
   * on anything but the database between the statements of one
   */
  pgIdleInTransactionMs: 5_000,
  /** times a transaction PostgreSQL ended to break a deadlock is run in all (db/transaction.ts) */
  deadlockAttempts: 3,
  /** an engine, or a pair's spot book, that could not be rebuilt from the database tries again this often */
  engineRetryMs: 30_000,
  /** the leader looks for scheduled jobs due this often (a job whose due times a module stores asks it each time) */
  scheduleCheckMs: 1_000,
  /** a scheduled run that failed is tried again, for the same due time, after this */
  scheduleRetryMs: 60_000,
  /** a scheduled run's record is kept this long, and each job's latest successful one for good */
  scheduleRunKeepMs: 30 * 24 * 3600_000,
  /** the leader's pruning (the price record, the market maker's old quotes, run records) runs this often */
  pruneEveryMs: 3_600_000,
  /** rows per DELETE of a pruning: milliseconds of write lock on SQLite, so flushes and trading wait little */
  pruneBatchRows: 5_000,
  /** a readiness answer's database and Redis checks are reused this long, so polling it stays cheap */
  healthCheckReuseMs: 1000,
  /** a database or Redis that has not answered a readiness check within this is reported down */
  healthCheckTimeoutMs: 1000,
  /** how long a graceful stop waits for the requests in flight before stopping anyway */
  drainTimeoutMs: 30_000,
  /** PostgreSQL connections each process keeps at most */
  pgPoolMax: 10,
  /** a statement on the SQLite file waits this long for another connection's write lock before failing */
  sqliteBusyTimeoutMs: 5000,
  /** prepared statements kept per SQLite connection (least recently used dropped first) */
  sqliteStatementCacheMax: 500,
  /** rows per prebuilt SQLite insert of a batch; a tail goes in power-of-two chunks down to the exact size, then whole */
  sqliteInsertChunkRows: 256,
  sqliteInsertExactRows: 16,
  /** bars per INSERT of the price record: 16,000 parameters, under SQLite's (32,766) and PostgreSQL's (65,535) bounds */
  candleRowsPerInsert: 2000,
  /** a Redis connection for rate limits and failure counts fails its call if not up within this */
  redisConnectTimeoutMs: 1000,
  /** wrong fund passwords a user may type within the window; the last of them locks the fund password */
  payPasswordStrikesMax: 5,
  payPasswordStrikeWindowMs: 15 * 60_000,
  payPasswordLockMs: 15 * 60_000,
  /** wrong authenticator codes of one trader (withdrawals, turning it off) within the window, then a lock */
  totpStrikesMax: 5,
  totpStrikeWindowMs: 15 * 60_000,
  totpLockMs: 15 * 60_000,
  /** recovery codes issued when a trader turns on the authenticator, each good once */
  totpRecoveryCodes: 10,
  /** characters of each half of a recovery code (shown xxxxx-xxxxx) */
  totpRecoveryHalfLength: 5,
  /** an authenticator code is good this many seconds either side of its step (one step of clock drift) */
  totpDriftSeconds: 30,
  /** failure counts kept in memory (without Redis): past this many keys, spent ones are swept on the next failure */
  strikesSweepAtKeys: 10_000,
  /** failed logins to one account from one address within the window; then that address waits the window out */
  loginStrikesPerDeviceMax: 5,
  loginStrikeWindowMs: 15 * 60_000,
  /** failed logins to one account from all addresses within the window before each further try waits */
  loginStrikesPerAccountFree: 10,
  /** the wait after the account's free failures: doubling from the base with each failure, up to the max */
  loginDelayBaseMs: 1000,
  loginDelayMaxMs: 15 * 60_000,
  /** an address that signed in to an account within this time is the owner's: the account's delay spares it */
  loginKnownDeviceMs: 30 * 24 * 3600_000,
  /** what one user may store in uploads altogether */
  uploadsPerUserMax: 100,
  uploadBytesPerUserMax: 64 * 1024 * 1024,
  // client compatibility
  /** how long an upload's signed link works: template-family clients put it straight into an <img> */
  uploadLinkTtlMs: 30 * 60_000,
  /** open (and not yet matched) spot orders one user may have at once, all pairs together */
  spotOpenOrdersPerUserMax: 200,
  /** levels a side in spot depth pushes and snapshots */
  spotDepthLevels: 20,
  /** the market maker re-quotes a pair at most this often */
  spotMakerRequoteMs: 2_000,
  /** the market maker's quotes cancelled without a fill are kept this long, then pruned */
  spotMakerCancelledKeepMs: 24 * 3600_000,
  /** a staff session ends after this long without a call, and this long after it opened however busy */
  staffSessionIdleMs: 30 * 60_000,
  staffSessionMaxAgeMs: 12 * 3600_000,
  /** between a staff member's password and their TOTP code */
  staffTotpTicketMs: 5 * 60_000,
  /** a staff member the first approver created or re-enrolled this recently cannot give the second approval */
  secondApproverEnrolmentWindowMs: 7 * 24 * 3600_000,
  adminPageSize: 20,
  adminPageSizeMax: 100,
  reviewReasonLengthMax: 200,
  txHashLengthMax: 128,
  /** a staff password (set by its owner, from an invite or in the console) is longer than a trader's */
  staffPasswordLengthMin: 10,
  /** a staff invite link (a new member's, or an admin's reset) works once, within this long */
  staffInviteTtlMs: 24 * 3600_000,
  noticeTitleLengthMax: 120,
  noticeBodyLengthMax: 5000,
  /** newest wallet-log lines the console shows of a trader */
  adminUserWalletLogLines: 50,
  /** an SMTP error as the outbox keeps it: enough to see why, never a whole server transcript */
  mailErrorLengthMax: 500,
  // the console's market settings
  /** a contract pair's largest leverage and hand count, and its most choices of each */
  leverMultipleMax: 1000,
  leverHandsSettingMax: 1_000_000,
  settingChoicesMax: 12,
  /** the longest micro expiry, in seconds */
  microSecondsMax: 86_400,
  /** the market maker's most rungs a side */
  spotMakerLevelsMax: 50,
} as const;

/** A request budget: at most `max` requests per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

const FIVE_MINUTES_MS = 5 * 60_000;
const TEN_MINUTES_MS = 10 * 60_000;

/**
 * Request budgets of the calls that guess secrets or send mail, per client address and (where
 * the request names one) per account, so one account is protected from many addresses too.
 */
export const rateLimits = {
  // failed logins per account are counted apart (limits.loginStrikes*): a request budget per account would let anyone lock its owner out
  login: { perIp: { max: 30, windowMs: FIVE_MINUTES_MS } },
  register: { perIp: { max: 20, windowMs: TEN_MINUTES_MS } },
  sendCode: { perIp: { max: 20, windowMs: TEN_MINUTES_MS } },
  checkCode: { perIp: { max: 30, windowMs: TEN_MINUTES_MS }, perAccount: { max: 10, windowMs: TEN_MINUTES_MS } },
  resetPassword: { perIp: { max: 30, windowMs: TEN_MINUTES_MS }, perAccount: { max: 10, windowMs: TEN_MINUTES_MS } },
  changeSecrets: { perIp: { max: 20, windowMs: TEN_MINUTES_MS } },
  // hardening: the account is the signed-in user
  upload: { perIp: { max: 60, windowMs: TEN_MINUTES_MS }, perAccount: { max: 20, windowMs: TEN_MINUTES_MS } },
  // staff console: a password and then a code, each guessed slowly; failures per account are counted apart, as for traders
  staffLogin: { perIp: { max: 20, windowMs: FIVE_MINUTES_MS } },
  staffTotp: { perIp: { max: 20, windowMs: FIVE_MINUTES_MS } },
  // an invite link: opening it and setting the password with a code
  staffInvite: { perIp: { max: 20, windowMs: FIVE_MINUTES_MS } },
} as const satisfies Record<string, { perIp: RateLimit; perAccount?: RateLimit }>;

/** A byte limit as messages show it: "500 KB", "4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} B`;
}
