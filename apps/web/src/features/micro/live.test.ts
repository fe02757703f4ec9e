// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TMicroOrderRow } from '@tidemark/protocol';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { microKey } from './api';
import { useClosings } from './live';
import { withClosings } from './rules';

// the private socket stand-in: the test pushes what the server would send
const listeners = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../realtime/RealtimeProvider', () => ({
  usePrivateEvent: (event: string, handler: (payload: unknown) => void) => void listeners.set(event, handler),
}));

const order = (id: number, extra: Partial<TMicroOrderRow> = {}): TMicroOrderRow => ({
  id,
  match_id: 2,
  symbol_name: 'BTC/USDT',
  currency_id: 3,
  currency_name: 'USDT',
  type: 1,
  status: 1,
  seconds: 30,
  number: '10',
  fee: '0.1',
  profit_ratio: '80',
  open_price: '67000',
  open_price_time: 1_000,
  end_price: '',
  end_price_time: null,
  fact_profits: '0',
  profit_result: 0,
  remain_milli_seconds: 0,
  created_at: 1_000,
  end_at: 31_000,
  ...extra,
});

let container: HTMLElement;
let root: Root;
let queryClient: QueryClient;

/** The open list as the page lays it out, each order as `id:status`. */
function OpenList({ polled }: { polled: TMicroOrderRow[] }) {
  const rows = withClosings(polled, useClosings());
  return createElement('ol', null, ...rows.map((row) => createElement('li', { key: row.id }, `${row.id}:${row.status}`)));
}

/** Renders the open list over what the 800 ms poll last answered. */
const poll = (polled: TMicroOrderRow[]) =>
  act(() => root.render(createElement(QueryClientProvider, { client: queryClient }, createElement(OpenList, { polled }))));
const push = (row: TMicroOrderRow) => act(() => listeners.get('closed_microorder')!({ type: 'closed_microorder', to: 7, data: row }));
const shown = () => [...container.querySelectorAll('li')].map((item) => item.textContent);

// React's act() flushes renders and effects only where the environment says it is used
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
  container = document.createElement('div');
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('useClosings', () => {
  it('shows a pushed closed order in its place at once, and takes it off the open list after 500 ms, not before', () => {
    const reload = vi.spyOn(queryClient, 'invalidateQueries');
    poll([order(3), order(2), order(1)]);
    expect(shown()).toEqual(['3:1', '2:1', '1:1']);
    push(order(2, { status: 3, end_price: '67010', end_price_time: 31_000, fact_profits: '8', profit_result: 1 }));
    expect(shown()).toEqual(['3:1', '2:3', '1:1']);
    // the balance and the lists are read again at once; that read no longer lists the order
    expect(reload).toHaveBeenCalledWith({ queryKey: microKey });
    poll([order(3), order(1)]);
    act(() => vi.advanceTimersByTime(499));
    expect(shown()).toEqual(['3:1', '2:3', '1:1']);
    act(() => vi.advanceTimersByTime(1));
    expect(shown()).toEqual(['3:1', '1:1']);
  });

  it('keeps an order that lingered out off the open list when a slow poll still lists it open', () => {
    poll([order(3), order(2), order(1)]);
    push(order(2, { status: 3, end_price: '67010', end_price_time: 31_000, fact_profits: '8', profit_result: 1 }));
    act(() => vi.advanceTimersByTime(500));
    // the reload after the push has not answered yet: the last poll still holds the order
    poll([order(3), order(2), order(1)]);
    expect(shown()).toEqual(['3:1', '1:1']);
  });
});
