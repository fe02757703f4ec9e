import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Bucket, StoredPeriod, SystemAccount, WalletKind } from '@tidemark/core';
import type { DepositStatus, LogCategory, SpotOrderStatus, WithdrawalStatus } from '@tidemark/protocol';

/**
 * Table types. Every integer column is a bigint on both engines (better-sqlite3 safeIntegers,
 * pg int8 parser), so ids, flags, times (epoch ms) and money (units of 1e-8) are all `bigint`.
 */
type Id = Generated<bigint>;

export interface CurrencyTable {
  id: bigint;
  name: string;
  logo: string;
  currency_type: 'btc' | 'eth' | 'erc20' | 'omni' | 'trc20';
  is_match: bigint;
  is_legal: bigint;
  is_lever: bigint;
  is_micro: bigint;
  sort: bigint;
  /** from this amount on, a deposit credit or a withdrawal needs two different staff members' approval */
  dual_approval_units: ColumnType<bigint, bigint | undefined, bigint>;
}

export interface PairGroupTable {
  id: bigint;
  name: string;
  sort: bigint;
}

export interface PairTable {
  id: bigint;
  group_id: bigint;
  currency_id: bigint;
  legal_id: bigint;
  is_display: bigint;
  /** percents in units: 0.1% is 10_000_000n */
  spread_units: bigint;
  lever_trade_fee_units: bigint;
  /** contract size of one hand, in units of the base currency */
  lever_share_num_units: bigint;
  /** where the simulated feed starts and what is shown before the first tick */
  reference_price_units: bigint;
  sort: bigint;
  /** prices are multiples of it (default 0.0001, the spec's 4 decimals) */
  price_tick_units: bigint;
  /** amounts are shown cut to it (default 0.0001) */
  amount_step_units: bigint;
}

export interface UserTable {
  id: Id;
  email: string | null;
  phone: string | null;
  country_code: string | null;
  password_hash: string;
  extension_code: string;
  parent_id: bigint | null;
  role: 'user' | 'staff';
  is_invee: bigint;
  review_status: bigint;
  created_at_ms: bigint;
  pay_password_hash: string | null;
  /** staff locks: 1 refuses signing in (and ended every session), 1 refuses withdrawals */
  login_locked: ColumnType<bigint, bigint | undefined, bigint>;
  withdraw_locked: ColumnType<bigint, bigint | undefined, bigint>;
}

export interface SessionTable {
  id: Id;
  user_id: bigint;
  /** sha-256 of the opaque token: a stolen database does not yield live sessions */
  token_hash: string;
  created_at_ms: bigint;
  last_seen_at_ms: bigint;
  revoked_at_ms: bigint | null;
  /** `user` a trader; `staff` the console; `staff_totp` a staff password accepted, its code not yet */
  kind: ColumnType<SessionKind, SessionKind | undefined, SessionKind>;
}

export type SessionKind = 'user' | 'staff' | 'staff_totp';

export interface AccountTable {
  id: Id;
  user_id: bigint | null;
  system_name: SystemAccount | null;
  currency_id: bigint;
  wallet: WalletKind | 'system';
  available_units: ColumnType<bigint, bigint | undefined, bigint>;
  frozen_units: ColumnType<bigint, bigint | undefined, bigint>;
  /** system clearing accounts may go negative; user accounts never */
  allow_negative: bigint;
}

export interface LedgerTxnTable {
  id: Id;
  kind: string;
  reference: string | null;
  idempotency_key: string | null;
  created_at_ms: bigint;
}

export interface LedgerEntryTable {
  id: Id;
  txn_id: bigint;
  account_id: bigint;
  currency_id: bigint;
  bucket: Bucket;
  delta_units: bigint;
}

export interface IdempotencyRequestTable {
  user_id: bigint;
  key: string;
  request_hash: string;
  /** the JSON answer once the first request finished; null while it runs */
  response: string | null;
  created_at_ms: bigint;
}

export interface SettingTable {
  key: string;
  value: string;
}

export type CodePurpose = 'register' | 'forget' | 'fund' | 'survey';

export interface VerificationCodeTable {
  id: Id;
  purpose: CodePurpose;
  /** the e-mail address the code went to */
  target: string;
  code_hash: string;
  tries: ColumnType<bigint, bigint | undefined, bigint>;
  created_at_ms: bigint;
  expires_at_ms: bigint;
  used_at_ms: bigint | null;
}

export interface MailOutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  body: string;
  created_at_ms: bigint;
  sent_at_ms: bigint | null;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  error: string | null;
}

/** `logged`: no SMTP_URL, the mail went to the server's log (the embedded default) */
export type MailStatus = 'pending' | 'sent' | 'failed' | 'logged';

export interface UploadTable {
  id: Id;
  user_id: bigint;
  /** random file name under DATA_DIR/uploads */
  name: string;
  mime: 'image/jpeg' | 'image/png';
  size_bytes: bigint;
  created_at_ms: bigint;
  /** hex SHA-256 of the bytes; null on uploads stored before it was kept */
  sha256: string | null;
}

export interface IdentityTable {
  user_id: bigint;
  name: string;
  card_id: string;
  front_upload_id: bigint;
  reverse_upload_id: bigint;
  hand_upload_id: bigint;
  submitted_at_ms: bigint;
  reviewed_at_ms: bigint | null;
  reviewed_by: bigint | null;
  review_note: string | null;
}

export interface SurveyAnswerTable {
  user_id: bigint;
  answers: string;
  created_at_ms: bigint;
}

export interface AuditLogTable {
  id: Id;
  staff_id: bigint;
  action: string;
  subject: string;
  detail: string;
  created_at_ms: bigint;
}

export interface CurrencyWithdrawTable {
  currency_id: bigint;
  min_units: bigint;
  max_units: bigint;
  rate_units: bigint;
  daily_limit_units: bigint;
}

export interface DepositAddressTable {
  currency_id: bigint;
  network: 'BTC' | 'ETH' | 'Trc20';
  address: string;
}

export interface WithdrawAddressTable {
  id: Id;
  user_id: bigint;
  currency_id: bigint;
  address: string;
  nettype: string;
  notes: string;
  created_at_ms: bigint;
}

export interface BankCardTable {
  user_id: bigint;
  bank_account: string;
  bank_name: string;
  real_name: string;
  created_at_ms: bigint;
}

export interface DepositRequestTable {
  id: Id;
  user_id: bigint;
  currency_id: bigint;
  amount_units: bigint;
  upload_id: bigint;
  status: DepositStatus;
  created_at_ms: bigint;
  reviewed_at_ms: bigint | null;
  reviewed_by: bigint | null;
  review_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** the first of two approvals, from the currency's two-approval amount on */
  first_approved_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  first_approved_at_ms: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export interface WithdrawalTable {
  id: Id;
  user_id: bigint;
  currency_id: bigint;
  network: string;
  address: string;
  amount_units: bigint;
  fee_units: bigint;
  received_units: bigint;
  status: WithdrawalStatus;
  hash: ColumnType<string, string | undefined, string>;
  created_at_ms: bigint;
  reviewed_at_ms: bigint | null;
  reviewed_by: bigint | null;
  review_note: ColumnType<string | null, string | null | undefined, string | null>;
  /** a large withdrawal's first approval; the second must come from someone else */
  first_approved_by: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  first_approved_at_ms: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
}

export interface WalletLogTable {
  id: Id;
  user_id: bigint;
  currency_id: bigint;
  wallet: WalletKind;
  txn_id: bigint;
  /** which records list shows the entry */
  category: LogCategory;
  value_units: bigint;
  /** its description (wallet_log_text) */
  text_id: bigint;
  created_at_ms: bigint;
}

/**
 * A wallet-log description in every language (the spec's field names), stored once and never
 * changed: entries made with it read the same forever, and a reworded description is a new row.
 */
export interface WalletLogTextTable {
  id: Id;
  info: string;
  type_info_e: string;
  type_info_j: string;
  type_info_m: string;
  type_info_k: string;
  type_info_s: string;
}

/** A stored candle; other periods are rolled up from these when asked. */
export interface MarketCandleTable {
  pair_id: bigint;
  period: StoredPeriod;
  /** bucket start, epoch ms (UTC) */
  time_ms: bigint;
  open_units: bigint;
  high_units: bigint;
  low_units: bigint;
  close_units: bigint;
  /** traded amount of the base currency */
  volume_units: bigint;
}

/** One second of prices as the engine saw them: what settlements are checked against. */
export type PriceSecondTable = Omit<MarketCandleTable, 'period'>;

export interface MicroPairTable {
  pair_id: bigint;
  open_microtrade: bigint;
}

export interface MicroCurrencyTable {
  currency_id: bigint;
  payable: bigint;
  min_units: bigint;
  max_units: bigint;
  /** `micro_trade_fee`, percent in units */
  fee_percent_units: bigint;
}

export interface MicroNumberTable {
  id: Id;
  currency_id: bigint;
  number_units: bigint;
  sort: bigint;
}

export interface MicroSecondsTable {
  seconds: bigint;
  /** percent of the stake in units: 80% is 80_00000000n */
  profit_ratio_units: bigint;
  status: bigint;
}

export interface MicroOrderTable {
  id: Id;
  user_id: bigint;
  pair_id: bigint;
  currency_id: bigint;
  /** 1 up, 2 down */
  type: bigint;
  /** 1 open, 3 closed */
  status: bigint;
  seconds: bigint;
  number_units: bigint;
  fee_units: bigint;
  profit_ratio_units: bigint;
  opened_at_ms: bigint;
  expires_at_ms: bigint;
  open_price_units: bigint;
  open_tick_ms: bigint;
  end_price_units: bigint | null;
  end_tick_ms: bigint | null;
  payout_units: bigint | null;
  fact_profits_units: bigint | null;
  profit_result: bigint | null;
  settled_at_ms: bigint | null;
  /** the settlement record's place in the chain (1, 2, 3, ...) and its hashes (32 bytes each); null while open */
  settle_seq: bigint | null;
  prev_hash: Uint8Array | null;
  hash: Uint8Array | null;
}

export interface MicroPriceTickTable {
  pair_id: bigint;
  time_ms: bigint;
  price_units: bigint;
}
// end micro options

export interface LeverPairTable {
  pair_id: bigint;
  is_open: bigint;
  /** comma-separated whole numbers */
  multiples: string;
  hand_presets: string;
  hands_min: bigint;
  hands_max: bigint;
  maintenance_percent_units: bigint;
  stop_range_units: bigint;
  positions_per_user_max: bigint;
  entrusts_per_user_max: bigint;
}

export interface LeverOrderTable {
  id: Id;
  user_id: bigint;
  pair_id: bigint;
  currency_id: bigint;
  direction: bigint;
  entry_mode: bigint;
  /** 0 pending entrust, 1 open position, 3 closed, 4 revoked */
  status: bigint;
  multiple: bigint;
  hands: bigint;
  quantity_units: bigint;
  origin_price_units: bigint;
  open_price_units: bigint;
  value_units: bigint;
  margin_units: bigint;
  fee_units: bigint;
  maintenance_margin_units: bigint;
  liquidation_price_units: bigint;
  take_profit_units: bigint;
  stop_loss_units: bigint;
  submitted_at_ms: bigint;
  opened_at_ms: bigint | null;
  open_tick_price_units: bigint | null;
  open_tick_at_ms: bigint | null;
  /** when take-profit and stop-loss were last set: only prices recorded after it fire them */
  stops_set_at_ms: bigint;
  close_reason: 'manual' | 'take_profit' | 'stop_loss' | 'liquidation' | null;
  close_price_units: bigint | null;
  close_tick_at_ms: bigint | null;
  closed_at_ms: bigint | null;
  pnl_units: bigint | null;
  payout_units: bigint | null;
  shortfall_units: bigint | null;
  cancelled_at_ms: bigint | null;
}
export type LeverOrderRow = Selectable<LeverOrderTable>;
export type LeverPairRow = Selectable<LeverPairTable>;

/** A pair's spot trading rules (see SpotPairRules in core); percents in units. */
export interface SpotRuleTable {
  pair_id: bigint;
  tick_units: bigint;
  lot_units: bigint;
  min_value_units: bigint;
  band_percent_units: bigint;
  maker_fee_percent_units: bigint;
  taker_fee_percent_units: bigint;
}

export interface SpotOrderTable {
  id: Id;
  user_id: bigint;
  pair_id: bigint;
  side: 'buy' | 'sell';
  kind: 'limit' | 'market' | 'market_quote';
  price_units: bigint | null;
  amount_units: bigint | null;
  quote_units: bigint | null;
  frozen_units: bigint;
  maker_fee_percent_units: bigint;
  taker_fee_percent_units: bigint;
  status: SpotOrderStatus;
  seq: bigint | null;
  filled_units: ColumnType<bigint, bigint | undefined, bigint>;
  maker_quote_units: ColumnType<bigint, bigint | undefined, bigint>;
  taker_quote_units: ColumnType<bigint, bigint | undefined, bigint>;
  fee_units: ColumnType<bigint, bigint | undefined, bigint>;
  cancel_requested: ColumnType<bigint, bigint | undefined, bigint>;
  cancel_reason: string | null;
  created_at_ms: bigint;
  updated_at_ms: bigint;
}

export interface SpotFillTable {
  id: Id;
  pair_id: bigint;
  maker_order_id: bigint;
  taker_order_id: bigint;
  maker_user_id: bigint;
  taker_user_id: bigint;
  taker_side: 'buy' | 'sell';
  price_units: bigint;
  base_units: bigint;
  quote_units: bigint;
  maker_fee_units: bigint;
  taker_fee_units: bigint;
  txn_id: bigint;
  created_at_ms: bigint;
}

/** The market maker's quoting settings of a pair (see SpotMakerConfig in core). */
export interface SpotMakerTable {
  pair_id: bigint;
  is_active: ColumnType<bigint, bigint | undefined, bigint>;
  levels: bigint;
  spread_percent_units: bigint;
  step_percent_units: bigint;
  size_units: bigint;
}

// engine leadership
/** The engine leader's term (one row): the epoch grows by one with each process that takes the lead. */
export interface EngineLeaseTable {
  id: bigint;
  epoch: bigint;
  gained_at_ms: bigint;
}

/** An engine, or a part of it, stopped because its state could not be rebuilt from the database. */
export interface EngineFaultTable {
  engine: string;
  scope: string;
  detail: string;
  since_ms: bigint;
  epoch: bigint;
}

/** A run of a scheduled job of the leader, one per job and due time (see modules/schedule). */
export interface ScheduleRunTable {
  job: string;
  due_ms: bigint;
  epoch: bigint;
  started_ms: bigint;
  finished_ms: bigint | null;
  outcome: 'ok' | 'failed' | null;
  detail: string | null;
}

export type StaffRole = 'admin' | 'reviewer' | 'viewer';

/** A staff member's role; the person is the `user` row of the same id (role 'staff'). */
export interface StaffTable {
  user_id: bigint;
  staff_role: StaffRole;
  created_at_ms: bigint;
}

/** A staff member's one-time invite link (its token hashed): it sets their password and authenticator. */
export interface StaffInviteTable {
  token_hash: string;
  user_id: bigint;
  /** the admin who issued it */
  created_by: bigint;
  created_at_ms: bigint;
  expires_at_ms: bigint;
  used_at_ms: bigint | null;
}

export type TotpSubjectKind = 'staff' | 'user';

/** One TOTP secret per subject; unconfirmed until its first code is accepted. */
export interface TotpTable {
  subject_kind: TotpSubjectKind;
  subject_id: bigint;
  /** base32, as authenticator apps take it */
  secret: string;
  confirmed_at_ms: bigint | null;
  /** the last accepted code's time step: that code and older ones are refused (replay guard) */
  last_time_step: bigint | null;
  created_at_ms: bigint;
}

/** A recovery code of a subject's TOTP secret, hashed; spent once `used_at_ms` is set. */
export interface TotpRecoveryTable {
  subject_kind: TotpSubjectKind;
  subject_id: bigint;
  /** SHA-256 hex of the code as shown (without its dash) */
  code_hash: string;
  used_at_ms: bigint | null;
  created_at_ms: bigint;
}
/** A notice; `texts` is JSON with a title and body per language. */
export interface NoticeTable {
  id: Id;
  texts: string;
  published: bigint;
  created_by: bigint;
  created_at_ms: bigint;
  updated_at_ms: bigint;
}
// end staff console

export interface Database {
  currency: CurrencyTable;
  pair_group: PairGroupTable;
  pair: PairTable;
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  ledger_txn: LedgerTxnTable;
  ledger_entry: LedgerEntryTable;
  idempotency_request: IdempotencyRequestTable;
  setting: SettingTable;
  verification_code: VerificationCodeTable;
  mail_outbox: MailOutboxTable;
  upload: UploadTable;
  identity: IdentityTable;
  survey_answer: SurveyAnswerTable;
  audit_log: AuditLogTable;
  market_candle: MarketCandleTable;
  price_second: PriceSecondTable;
  currency_withdraw: CurrencyWithdrawTable;
  deposit_address: DepositAddressTable;
  withdraw_address: WithdrawAddressTable;
  bank_card: BankCardTable;
  deposit_request: DepositRequestTable;
  withdrawal: WithdrawalTable;
  wallet_log: WalletLogTable;
  wallet_log_text: WalletLogTextTable;
  spot_rule: SpotRuleTable;
  spot_order: SpotOrderTable;
  spot_fill: SpotFillTable;
  spot_maker: SpotMakerTable;
  micro_pair: MicroPairTable;
  micro_currency: MicroCurrencyTable;
  micro_number: MicroNumberTable;
  micro_seconds: MicroSecondsTable;
  micro_order: MicroOrderTable;
  micro_price_tick: MicroPriceTickTable;
  lever_pair: LeverPairTable;
  lever_order: LeverOrderTable;
  // engine leadership
  engine_lease: EngineLeaseTable;
  engine_fault: EngineFaultTable;
  schedule_run: ScheduleRunTable;
  staff: StaffTable;
  staff_invite: StaffInviteTable;
  totp: TotpTable;
  totp_recovery: TotpRecoveryTable;
  notice: NoticeTable;
}

export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type AccountRow = Selectable<AccountTable>;
export type NewWithdrawal = Insertable<WithdrawalTable>;
export type NewDepositRequest = Insertable<DepositRequestTable>;
/** A wallet-log entry with its description, as read. */
export type WalletLogRow = Selectable<WalletLogTable> & Omit<Selectable<WalletLogTextTable>, 'id'>;
export type SpotOrderRow = Selectable<SpotOrderTable>;
export type SpotFillRow = Selectable<SpotFillTable>;
