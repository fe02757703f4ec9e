import type { Clock } from '@tidemark/core';
import type { Db } from '../../../db/database';
import type { Strikes } from '../../guard/strikes';

/** What every wallet route file is registered with. */
export interface WalletRouteDeps {
  db: Db;
  clock: Clock;
  /** failure counts behind the fund password's guessing lock */
  strikes: Strikes;
}

