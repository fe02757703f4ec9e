import { limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { inTransaction } from '../../db/transaction';
import { Rejection } from '../../rejection';
import { recordStaffDecision } from '../audit/service';
import { revokeSessions } from '../session/service';
import { selectLiveSessions, selectNewestWalletLog, selectNonEmptyAccounts, selectTraders, updateLock } from './queries';

/** The console's view of traders, and the locks staff put on them. */

export function searchTraders(db: Db, q: string | undefined, paging: { page: number; limit: number }) {
  const filter = !q ? {} : /^[1-9][0-9]{0,17}$/.test(q) ? { id: BigInt(q) } : { emailPart: q };
  return selectTraders(db, filter, paging);
}

export async function traderDetail(db: Db, request: { staffId: bigint; userId: bigint }, sessionIdleMs: number, nowMs: number) {
  const { userId } = request;
  const found = (await selectTraders(db, { id: userId }, { page: 1, limit: 1 })).data[0];
  if (!found) throw new Rejection('not_found');
  // a trader's private details were opened: who looked, at whom, is audited
  await recordStaffDecision(db, { staffId: request.staffId, action: 'view.user', subject: `user:${userId}` }, nowMs);
  const [wallets, sessions, ledger] = await Promise.all([
    selectNonEmptyAccounts(db, userId),
    selectLiveSessions(db, userId, nowMs - sessionIdleMs),
    selectNewestWalletLog(db, userId, limits.adminUserWalletLogLines),
  ]);
  return { trader: found, wallets, sessions, ledger };
}

/**
 * Locks or unlocks a trader's signing in or withdrawals, audited; a sign-in lock ends every
 * session. Answers the ids of the sessions ended.
 */
export function setTraderLock(db: Db, input: { staffId: bigint; userId: bigint; lock: 'login' | 'withdraw'; on: boolean }, nowMs: number): Promise<bigint[]> {
  return inTransaction(db, async (trx) => {
    const before = await updateLock(trx, input.userId, input.lock, input.on);
    if (!before) throw new Rejection('not_found');
    const column = input.lock === 'login' ? 'login_locked' : 'withdraw_locked';
    const ended = input.lock === 'login' && input.on ? await revokeSessions(trx, input.userId, nowMs) : [];
    await recordStaffDecision(
      trx,
      {
        staffId: input.staffId,
        action: `user.${input.on ? 'lock' : 'unlock'}_${input.lock}`,
        subject: `user:${input.userId}`,
        detail: { before: { [column]: before[column] !== 0n }, after: { [column]: input.on } },
      },
      nowMs,
    );
    return ended;
  });
}
