/**
 * Idempotency keys for money-moving calls. One key stands for one intent: the same fields sent
 * again before an answer (a double click, a retry after a lost answer) reuse the key and the
 * request in flight, so the server moves the money once; after an answer the next submit is new.
 */
export function newIdempotencyKey(): string {
  // getRandomValues works on plain http too, where randomUUID is missing
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface Intent<T> {
  /** runs `send` with this intent's key, or joins the request already in flight for the same fields */
  submit(fields: unknown, send: (key: string) => Promise<T>): Promise<T>;
}

export function intent<T>(makeKey: () => string = newIdempotencyKey): Intent<T> {
  let current: { fields: string; key: string; inFlight?: Promise<T> } | undefined;
  return {
    submit(fields, send) {
      const id = JSON.stringify(fields ?? null);
      if (current?.fields === id && current.inFlight) return current.inFlight;
      // a lost answer (network error) keeps the key for the retry; an answer ends the intent
      if (current?.fields !== id) current = { fields: id, key: makeKey() };
      const mine = current;
      const inFlight = send(mine.key).then(
        (answer) => {
          if (current === mine) current = undefined;
          return answer;
        },
        (error: unknown) => {
          if (current === mine) {
            if (isAnswer(error)) current = undefined;
            else mine.inFlight = undefined;
          }
          throw error;
        },
      );
      mine.inFlight = inFlight;
      return inFlight;
    },
  };
}

/** A refusal from the server is an answer; anything else (network, HTTP status) may be retried. */
function isAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: string }).name === 'ApiError';
}
