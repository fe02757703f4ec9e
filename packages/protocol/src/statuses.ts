/** Status values of records as the wire (and the database) carry them. */

/** `review_status` of a user's identity (spec 001 section 4; 3 is the dictionaries' rejected state). */
export const REVIEW_STATUS = { none: 0, inReview: 1, verified: 2, rejected: 3 } as const;
export type ReviewStatus = (typeof REVIEW_STATUS)[keyof typeof REVIEW_STATUS];

export const WITHDRAWAL_STATUSES = ['applying', 'agreed', 'chain_success', 'chain_failure', 'rejected', 'station_success'] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
/** Withdrawals that no longer count against the daily limit: their money came back. */
export const WITHDRAWAL_RETURNED_STATUSES = ['rejected', 'chain_failure'] as const satisfies readonly WithdrawalStatus[];

export const DEPOSIT_STATUSES = ['pending', 'credited', 'rejected'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Categories of wallet-log lines: which records list shows a movement. */
export const LOG_CATEGORIES = ['transfer', 'deposit', 'withdraw', 'lever', 'micro', 'trade'] as const;
export type LogCategory = (typeof LOG_CATEGORIES)[number];

/**
 * `legal_log`'s `type`: the wallet whose records are listed, and which movements of it. 1 spot
 * transfers, 2 deposits and withdrawals, 3 the contract wallet, 4 the micro wallet. A transfer
 * writes a line in each wallet it touches; each list shows only its own wallet's line.
 */
export const RECORD_TYPES = {
  1: { wallet: 'change', categories: ['transfer'] },
  2: { wallet: 'change', categories: ['deposit', 'withdraw'] },
  3: { wallet: 'lever', categories: ['lever', 'transfer'] },
  4: { wallet: 'micro', categories: ['micro', 'transfer'] },
} as const satisfies Record<number, { wallet: string; categories: readonly LogCategory[] }>;
export type RecordType = keyof typeof RECORD_TYPES;
/** `legal_log`'s `type` as template-family clients also send it: a wallet's word. */
export const RECORD_WALLET_WORDS = { change: 1, lever: 3, micro: 4 } as const satisfies Record<string, RecordType>;

/** `lever/my_trade`'s status filter: -1 every status, 0 pending entrust, 1 open position, 3 closed, 4 revoked. */
export const LEVER_LIST_STATUSES = [-1, 0, 1, 3, 4] as const;
/** A lever order's stored status (the spec's list statuses). */
export const LEVER_ORDER_STATUS = { pending: 0, open: 1, closed: 3, revoked: 4 } as const;
export type LeverOrderStatus = (typeof LEVER_ORDER_STATUS)[keyof typeof LEVER_ORDER_STATUS];

/** `has_password`'s answer. */
export const HAS_PAY_PASSWORD = { set: 1, unset: 2 } as const;

/** A spot order's life in the database; the wire's `status` of an order row is its index here. */
export const SPOT_ORDER_STATUSES = ['accepted', 'open', 'filled', 'cancelled'] as const;
export type SpotOrderStatus = (typeof SPOT_ORDER_STATUSES)[number];

/** Staff roles, least to most: a viewer reads, a reviewer also decides reviews, an admin does everything. */
export const STAFF_ROLES = ['viewer', 'reviewer', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The console's page of a staff invite link (the token follows after `#`, so it stays out of server logs). */
export const STAFF_INVITE_PATH = '/admin/invite';
