import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useLoggedIn } from '../../session/useSession';
import { MarketFeedProvider, useFeed } from './FeedContext';
import MarketList from './MarketList';
import MarketPicker from './MarketPicker';
import OrderBook from './OrderBook';
import PairStats from './PairStats';
import PriceChart from './PriceChart';
import RecentTrades from './RecentTrades';
import TradeSignIn from './TradeSignIn';
import './market.css';

/** The spec's chart height on desktop; phones get a shorter one that leaves the tabs in view. */
const CHART_HEIGHT = { desktop: 516, mobile: 340 };

/**
 * The market view the trading pages share: pairs, chart, order book and trades of the stored
 * pair, live. `panel` is the page's own trading area (order entry and order lists).
 */
export default function MarketLayout({ panel: ownPanel }: { panel: ReactNode }) {
  // a visitor sees the market live, and where the order entry goes, how to start trading
  const panel = useLoggedIn() ? ownPanel : <TradeSignIn />;
  return <MarketFeedProvider>{useIsMobile() ? <PhoneMarket panel={panel} /> : <DeskMarket panel={panel} />}</MarketFeedProvider>;
}

function Card({ title, className, children }: { title?: string; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `tm-mk-card ${className}` : 'tm-mk-card'}>
      {title && <h2 className="tm-mk-card-title">{title}</h2>}
      {children}
    </section>
  );
}

function DeskMarket({ panel }: { panel: ReactNode }) {
  const { t } = useTranslation();
  const { symbol } = useFeed().pair;
  return (
    <div className="tm-mk">
      <div className="tm-mk-side">
        <Card className="tm-mk-list-card">
          <MarketList symbol={symbol} />
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
      <Card title={t('market.book.title')} className="tm-mk-book-card">
        <OrderBook levels={16} />
      </Card>
    </div>
  );
}

function PhoneMarket({ panel }: { panel: ReactNode }) {
  const { t } = useTranslation();
  const { symbol } = useFeed().pair;
  return (
    <div className="tm-mk tm-mk-phone">
      <MarketPicker symbol={symbol} />
      <PairStats symbol={symbol} heading={false} />
      <Card>
        <Tabs
          size="small"
          items={[
            { key: 'chart', label: t('market.tabs.chart'), children: <PriceChart height={CHART_HEIGHT.mobile} /> },
            { key: 'book', label: t('market.tabs.book'), children: <OrderBook levels={10} /> },
            { key: 'trades', label: t('market.tabs.trades'), children: <RecentTrades /> },
          ]}
        />
      </Card>
      {panel}
    </div>
  );
}
