import { useEffect, useState } from 'react';

/** The wall time, re-read every `everyMs` while the caller is shown: it drives countdowns. */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
