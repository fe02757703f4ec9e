import type { Clock } from '@tidemark/core';
import type { Db } from '../../../db/database';

/** What every wallet route file is registered with. */
export interface WalletRouteDeps {
  db: Db;
  clock: Clock;
}

export const tags = ['wallet'];
/** a signed-in user's call */
export const user = { auth: 'user' } as const;
