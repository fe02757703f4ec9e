import type { Clock } from '@tidemark/core';
import type { Db } from '../../../db/database';

/** What every wallet route file is registered with. */
export interface WalletRouteDeps {
  db: Db;
  clock: Clock;
}

