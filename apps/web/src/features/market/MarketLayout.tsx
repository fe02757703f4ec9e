import { Spin } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import LightTabs from '../../components/LightTabs';
import { usePainted } from '../../hooks/afterPaint';
import { useIsMobile } from '../../hooks/useIsMobile';
import { SESSION_KNOWN, useLoggedIn } from '../../session/useSession';
import { MarketFeedProvider, useFeed } from './FeedContext';
import type { BookSource } from './feed';
import MarketList from './MarketList';
import MarketPicker from './MarketPicker';
import OrderBook from './OrderBook';
import PriceChart from './PriceChart';
import PairStats from './PairStats';
import { pickPrice } from './pickedPrice';
import type { PairFilter } from './quotes';
import RecentTrades from './RecentTrades';
import TradeSignIn from './TradeSignIn';
import './market.css';

/** The spec's chart height on desktop; phones get a shorter one that leaves the tabs in view. */
const CHART_HEIGHT = { desktop: 516, mobile: 340 };

interface LayoutProps {
  /** the page's own trading area (order entry and order lists), under the chart */
  panel: ReactNode;
  /** the pairs the page lists; all displayed pairs when absent */
  only?: PairFilter | undefined;
  /** desktop: what goes under the order book (an order form), which then shows fewer levels */
  aside?: ReactNode;
  /** phones: a strip under the pair's figures (the balance and its transfer button) */
  strip?: ReactNode;
  /** the page has an order form that takes a clicked book price (pickedPrice) */
  pickable?: boolean;
}

/**
 * The market view the trading pages share: pairs, chart, order book and trades of the stored
 * pair, live, around the page's own trading parts. `source` says whose book and trades are shown
 * (see BookSource).
 */
export default function MarketLayout({ source, panel: ownPanel, ...props }: LayoutProps & { source?: BookSource }) {
  // a visitor sees the market live, and where the order entry goes, how to start trading
  const loggedIn = useLoggedIn();
  const { aside, strip } = props;
  const layout = !SESSION_KNOWN
    ? { ...props, panel: undefined, aside: undefined, strip: undefined }
    : loggedIn
      ? { ...props, panel: <Later>{ownPanel}</Later>, aside: aside && <Later>{aside}</Later>, strip: strip && <Later>{strip}</Later> }
      : { ...props, panel: <TradeSignIn />, aside: undefined, strip: undefined };
  return (
    <MarketFeedProvider {...(source ? { source } : {})}>{useIsMobile() ? <PhoneMarket {...layout} /> : <DeskMarket {...layout} />}</MarketFeedProvider>
  );
}

/**
 * A page's own trading parts (the pages import them lazily) are asked for once the market has
 * painted, so their chunks do not hold up that paint: a spinner in their place meanwhile.
 */
function Later({ children }: { children: ReactNode }) {
  const spinner = <Spin className="tm-mk-later" />;
  return usePainted() ? <Suspense fallback={spinner}>{children}</Suspense> : spinner;
}

function Card({ title, className, children }: { title?: string; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `tm-mk-card ${className}` : 'tm-mk-card'}>
      {title && <h2 className="tm-mk-card-title">{title}</h2>}
      {children}
    </section>
  );
}

/** Book levels a side on desktop: all of them alone, fewer when an order form sits under the book. */
const BOOK_LEVELS = { alone: 16, withAside: 6 };

function DeskMarket({ panel, only, aside, pickable }: LayoutProps) {
  const { t } = useTranslation();
  const { symbol } = useFeed().pair;
  return (
    <div className="tm-mk">
      <div className="tm-mk-side">
        <Card className="tm-mk-list-card">
          <MarketList symbol={symbol} only={only} />
        </Card>
        <Card title={t('market.trades.title')} className="tm-mk-trades-card">
          <RecentTrades />
        </Card>
      </div>
      <div className="tm-mk-center">
        <Card>
          <PairStats symbol={symbol} />
        </Card>
        <Card>
          <PriceChart height={CHART_HEIGHT.desktop} />
        </Card>
        {panel}
      </div>
      <div className="tm-mk-side">
        <Card title={t('market.book.title')} className="tm-mk-book-card">
          <OrderBook levels={aside ? BOOK_LEVELS.withAside : BOOK_LEVELS.alone} {...(pickable ? { onPickPrice: pickPrice } : {})} />
        </Card>
        {aside}
      </div>
    </div>
  );
}

function PhoneMarket({ panel, only, strip, pickable }: LayoutProps) {
  const { t } = useTranslation();
  const { symbol } = useFeed().pair;
  return (
    <div className="tm-mk tm-mk-phone">
      <MarketPicker symbol={symbol} only={only} />
      <PairStats symbol={symbol} heading={false} />
      {strip}
      <Card>
        <LightTabs
          size="small"
          items={[
            { key: 'chart', label: t('market.tabs.chart'), children: <PriceChart height={CHART_HEIGHT.mobile} /> },
            { key: 'book', label: t('market.tabs.book'), children: <OrderBook levels={10} {...(pickable ? { onPickPrice: pickPrice } : {})} /> },
            { key: 'trades', label: t('market.tabs.trades'), children: <RecentTrades /> },
          ]}
        />
      </Card>
      {panel}
    </div>
  );
}
