import { createContext, use, useEffect, useState, type ReactNode } from 'react';
import { useRealtime } from '../../realtime/RealtimeProvider';
import { MarketFeed, type BookSource } from './feed';
import { currentPair } from './pair';

const FeedContext = createContext<MarketFeed | undefined>(undefined);

/** Gives the page one live feed of its stored pair, over the app's connection, while the page is shown. */
export function MarketFeedProvider({ source = 'feed', children }: { source?: BookSource; children: ReactNode }) {
  const realtime = useRealtime();
  const [feed] = useState(() => new MarketFeed(currentPair(), realtime, source));
  useEffect(() => feed.start(), [feed]);
  return <FeedContext value={feed}>{children}</FeedContext>;
}

export function useFeed(): MarketFeed {
  const feed = use(FeedContext);
  if (!feed) throw new Error('useFeed needs a MarketFeedProvider');
  return feed;
}
