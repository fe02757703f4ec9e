import type { Clock } from '@tidemark/core';
import type { Db } from '../../../db/database';

/** What every wallet route file is registered with. */
export interface WalletRouteDeps {
  db: Db;
  clock: Clock;
}

export const tags = ['wallet'];
/** a signed-in user's call that moves money: an `Idempotency-Key` makes a repeat answer the first result */
export const money = { auth: 'user', idempotent: true } as const;
