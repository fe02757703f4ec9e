/** An id no order has: a close with no position to target is refused, changing nothing. */
export const NO_ORDER = '999999999';

/** The trader's newest open position on the server at `url`, or NO_ORDER (also when the server is down). */
export async function newestPosition(url: string, token: string): Promise<string> {
  try {
    const response = await fetch(new URL('/api/lever/my_trade', url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
      body: new URLSearchParams({ status: '1' }),
    });
    const answer = (await response.json()) as { message: { message: { data: { id: number }[] } } };
    return String(answer.message.message.data[0]?.id ?? NO_ORDER);
  } catch {
    return NO_ORDER;
  }
}
