import { calls } from '@tidemark/protocol';
import { clientOf } from './harness';

/** An id no order has: a close with no position to target is refused, changing nothing. */
export const NO_ORDER = '999999999';

/** The trader's newest open position on the server at `url`, or NO_ORDER (also when the server is down). */
export async function newestPosition(url: string, token: string): Promise<string> {
  try {
    const answer = await clientOf(url).call(calls.leverMyTrade, { status: '1' }, { token });
    return String(answer.message.message.data[0]?.id ?? NO_ORDER);
  } catch {
    return NO_ORDER;
  }
}
