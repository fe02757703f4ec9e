import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotationGroups } from '../../api/queries';
import LightTabs from '../../components/LightTabs';
import { labelledClear } from '../../i18n/antdIcons';
import { formatChange } from '../../format';
import LivePrice from './LivePrice';
import { getSession } from '../../session/store';
import { choosePair, symbolOf } from './pair';
import { initialGroup, listPairs, type Listed, type PairFilter } from './quotes';
import { useTicker } from './tickers';

/** Seeded group names shown in the reader's language; a group staff name otherwise is shown as named. */
const GROUP_LABELS: Readonly<Record<string, 'market.groups.altcoins'>> = { Altcoins: 'market.groups.altcoins' };

/** The pairs by group, with a search; choosing one stores it and reloads the page on it. */
export default function MarketList({ symbol, only }: { symbol: string; only?: PairFilter | undefined }) {
  const { t } = useTranslation();
  const { data: groups } = useQuotationGroups();
  const [chosenGroup, setGroup] = useState<number>();
  const [search, setSearch] = useState('');
  if (!groups) return <Spin className="tm-mk-spin" />;
  const groupIndex = chosenGroup ?? initialGroup(groups, symbol, getSession('index1'));
  const rows = listPairs(groups, groupIndex, search, only);
  return (
    <div className="tm-mk-markets">
      <Input
        size="small"
        allowClear={labelledClear()}
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('market.list.search')}
        aria-label={t('market.list.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {!search && (
        <LightTabs
          size="small"
          activeKey={String(groupIndex)}
          onChange={(key) => setGroup(Number(key))}
          items={groups.map((group, index) => ({ key: String(index), label: GROUP_LABELS[group.name] ? t(GROUP_LABELS[group.name]!) : group.name }))}
        />
      )}
      <div className="tm-mk-row tm-mk-head" aria-hidden="true">
        <span>{t('market.list.pair')}</span>
        <span>{t('market.list.price')}</span>
        <span>{t('market.list.change')}</span>
      </div>
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('market.list.empty')} />
      ) : (
        <ul className="tm-mk-pairs" aria-label={t('market.list.label')}>
          {rows.map((listed) => (
            <PairRow key={listed.quotation.id} listed={listed} current={symbolOf(listed.quotation) === symbol} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** One pair; it follows its own live figures, so a tick of one pair re-renders one row. */
function PairRow({ listed, current }: { listed: Listed; current: boolean }) {
  const { quotation, groupIndex, rowIndex } = listed;
  const symbol = symbolOf(quotation);
  const ticker = useTicker(symbol, quotation);
  const change = formatChange(ticker.change);
  return (
    <li>
      <button
        type="button"
        className="tm-mk-row"
        aria-current={current || undefined}
        onClick={() => !current && choosePair(quotation, groupIndex, rowIndex)}
      >
        <span className="tm-mk-symbol">
          {quotation.currency_name}
          <small>/{quotation.legal_name}</small>
        </span>
        <LivePrice symbol={symbol} tick={quotation.price_tick} fallback={ticker.now_price} className="tm-mk-num" />
        <span className={`tm-mk-num tm-${change.trend}`}>{change.text}</span>
      </button>
    </li>
  );
}
