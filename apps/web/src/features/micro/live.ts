import { useQueryClient } from '@tanstack/react-query';
import { ZClosedMicroOrderEvent, type TMicroOrderRow } from '@tidemark/protocol';
import { useEffect, useState } from 'react';
import { usePrivateEvent } from '../../realtime/RealtimeProvider';
import { microKey } from './api';
import { CLOSED_LINGER_MS } from './rules';

/**
 * Pushed `closed_microorder` rows by order id: each replaces its open row and lingers 500 ms
 * (the spec), then leaves the open list (null: known closed, so a poll read before the settlement
 * does not list it again). The balance and the closed list reload at once.
 */
export function useClosings(): ReadonlyMap<number, TMicroOrderRow | null> {
  const queryClient = useQueryClient();
  const [closing, setClosing] = useState<ReadonlyMap<number, TMicroOrderRow | null>>(new Map());
  const [timers] = useState(() => new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.forEach(clearTimeout), [timers]);
  usePrivateEvent('closed_microorder', (event) => {
    const parsed = ZClosedMicroOrderEvent.safeParse(event);
    if (!parsed.success) return;
    const row = parsed.data.data;
    setClosing((now) => new Map(now).set(row.id, row));
    void queryClient.invalidateQueries({ queryKey: microKey });
    const timer = setTimeout(() => {
      timers.delete(timer);
      setClosing((now) => new Map(now).set(row.id, null));
    }, CLOSED_LINGER_MS);
    timers.add(timer);
  });
  return closing;
}
