import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MarketList from './MarketList';
import type { PairFilter } from './quotes';

/** The phone's market selector: the pair's name opens and closes the market list under it. */
export default function MarketPicker({ symbol, only }: { symbol: string; only?: PairFilter | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="tm-mk-picker">
      <h1 className="tm-mk-title">
        <button
          type="button"
          className="tm-mk-picker-toggle"
          aria-expanded={open}
          aria-controls={listId}
          title={t('market.list.choose')}
          onClick={() => setOpen(!open)}
        >
          {symbol}
          {open ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
        </button>
      </h1>
      <div id={listId} hidden={!open} className="tm-mk-card">
        {open && <MarketList symbol={symbol} only={only} />}
      </div>
    </div>
  );
}
