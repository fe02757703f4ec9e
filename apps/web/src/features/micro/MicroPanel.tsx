import { DownOutlined, SwapOutlined, UpOutlined } from '@ant-design/icons';
import { Empty, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import LoginButtons from '../../components/LoginButtons';
import RouteButton from '../../components/RouteButton';
import { formatFixed } from '../../format';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useLoggedIn } from '../../session/useSession';
import { useFeed } from '../market/FeedContext';
import { symbolOf } from '../market/pair';
import { usePagePair } from '../market/quotes';
import { usePayableCurrencies } from './api';
import { isMicroPair } from './rules';
import Orders from './Orders';
import TradeForm from './TradeForm';
import './micro.css';

/** The currency the phone's balance strip shows (the default payable currency, USDT). */
const STRIP_CURRENCY_ID = 3;

/** The micro page's own area: order entry and the order lists (desktop), or lists and a collapsible panel (phone). */
export default function MicroPanel() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const mobile = useIsMobile();
  // a stored pair not open for micro options gives way to the default micro pair
  const pair = usePagePair(useFeed().pair.symbol, isMicroPair);
  if (pair === 'none') {
    return (
      <section className="tm-mk-card">
        <Empty description={t('micro.noPairs')} />
      </section>
    );
  }
  if (!loggedIn) {
    return (
      <section className="tm-mk-card tm-mi-login">
        <p>{t('micro.login')}</p>
        <LoginButtons />
      </section>
    );
  }
  if (!pair) return <Spin className="tm-mk-spin" />;
  const form = <TradeForm pairId={pair.id} symbol={symbolOf(pair)} />;
  if (mobile) {
    return (
      <>
        <Orders />
        <PhoneTrade>{form}</PhoneTrade>
      </>
    );
  }
  return (
    <div className="tm-mi-desk">
      <section className="tm-mk-card tm-mi-trade" aria-labelledby="tm-mi-trade-title">
        <h2 id="tm-mi-trade-title" className="tm-mk-card-title">
          {t('micro.title')}
        </h2>
        {form}
      </section>
      <Orders />
    </div>
  );
}

/** The phone's trade panel, fixed at the bottom: Up and Down open it; the form inside places the order. */
function PhoneTrade({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <section className={open ? 'tm-mi-sheet tm-mi-sheet-open' : 'tm-mi-sheet'} aria-label={t('micro.title')}>
      {open ? (
        <>
          <button type="button" className="tm-mi-sheet-toggle" aria-expanded onClick={() => setOpen(false)}>
            {t('micro.title')} <DownOutlined aria-hidden />
          </button>
          {children}
        </>
      ) : (
        <div className="tm-mi-actions">
          <button type="button" className="tm-mi-up tm-mi-opener" aria-expanded={false} onClick={() => setOpen(true)}>
            {t('micro.up')} <UpOutlined aria-hidden />
          </button>
          <button type="button" className="tm-mi-down tm-mi-opener" aria-expanded={false} onClick={() => setOpen(true)}>
            {t('micro.down')} <DownOutlined aria-hidden />
          </button>
        </div>
      )}
    </section>
  );
}

/** The phone's balance strip: the micro balance and a way to move funds in. */
export function BalanceStrip() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const currencies = usePayableCurrencies(loggedIn);
  if (!loggedIn) return null;
  const currency = currencies.data?.find((c) => c.id === STRIP_CURRENCY_ID) ?? currencies.data?.[0];
  return (
    <div className="tm-mk-card tm-mi-strip">
      <span>{t('micro.balance')}</span>
      <strong data-testid="micro-strip-balance">
        {currency ? `${formatFixed(currency.user_wallet.micro_with_insurance, 2)} ${currency.name}` : '–'}
      </strong>
      <RouteButton size="small" icon={<SwapOutlined aria-hidden />} to="/transferlegal">
        {t('micro.transfer')}
      </RouteButton>
    </div>
  );
}
