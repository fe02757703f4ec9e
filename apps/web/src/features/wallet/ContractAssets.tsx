import { usdtTotalText } from './amount';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DataGrid from '../../components/DataGrid';
import RouteButton from '../../components/RouteButton';
import PanelButton from './PanelButton';
import { LOG_TYPE, type WalletList } from './queries';
import RecordsPanel from './RecordsPanel';
import TotalCard from './TotalCard';
import TransferPrompt, { type TransferDirection } from './TransferPrompt';
import { useBalanceColumns } from './useBalanceColumns';
import { useRowPanel } from './useRowPanel';

/** The contract (lever) wallet: currencies that are both is_legal and is_lever, moved in from and out to spot. */
export default function ContractAssets({ list }: { list: WalletList }) {
  const { t } = useTranslation();
  const { openPanel, isOpen, toggle } = useRowPanel<'records'>();
  const [prompt, setPrompt] = useState<TransferDirection>();
  const rows = list.lever_wallet.balance.filter((row) => row.is_legal === 1 && row.is_lever === 1);
  return (
    <>
      <TotalCard label={t('assets.contractTotal')} usdt={usdtTotalText(list.lever_wallet.usdt_totle)}>
        <RouteButton to="/transferlog">{t('pages.transferlog')}</RouteButton>
      </TotalCard>
      <DataGrid
        label={t('pages.changed')}
        columns={useBalanceColumns('lever')}
        rows={rows}
        rowKey={(row) => row.currency}
        empty={t('assets.emptyContract')}
        panel={(row) =>
          openPanel(row.currency) && (
            <RecordsPanel type={LOG_TYPE.lever} currency={row.currency} currencyName={row.currency_name} />
          )
        }
        actions={(row) => (
          <>
            <Button size="small" onClick={() => setPrompt({ row, from: 'change', to: 'lever' })}>
              {t('assets.transferIn')}
            </Button>
            <Button size="small" onClick={() => setPrompt({ row, from: 'lever', to: 'change' })}>
              {t('assets.transferOut')}
            </Button>
            <PanelButton active={isOpen(row.currency, 'records')} onClick={() => toggle(row.currency, 'records')}>
              {t('assets.records')}
            </PanelButton>
          </>
        )}
      />
      <TransferPrompt direction={prompt} onClose={() => setPrompt(undefined)} />
    </>
  );
}
