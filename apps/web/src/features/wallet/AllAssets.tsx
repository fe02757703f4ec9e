import { Button, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import DataGrid from '../../components/DataGrid';
import RouteButton from '../../components/RouteButton';
import { sumAmounts, usdtTotalText } from './amount';
import PanelButton from './PanelButton';
import { LOG_TYPE, type WalletList } from './queries';
import RecordsPanel from './RecordsPanel';
import RequestLists from './RequestLists';
import TotalCard from './TotalCard';
import TransferPrompt, { type TransferDirection } from './TransferPrompt';
import { useBalanceColumns } from './useBalanceColumns';
import { useRowPanel } from './useRowPanel';
import { walletLabel, walletRows, WALLET_KINDS, type Wallet } from './wallets';
import { moneyPanelLink } from './SpotAssets';

/** Every wallet's total in USDT, each wallet's currencies, and the user's withdrawals and deposits. */
export default function AllAssets({ list }: { list: WalletList }) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState<TransferDirection>();
  const total = sumAmounts(WALLET_KINDS.map((wallet) => usdtTotalText(list[`${wallet}_wallet`].usdt_totle)));
  return (
    <>
      <TotalCard label={t('assets.total')} usdt={total}>
        <RouteButton type="primary" to="/change">
          {t('assets.depositWithdraw')}
        </RouteButton>
        <RouteButton to="/transferlegal">{t('nav.transfer')}</RouteButton>
        <RouteButton to="/withdrawaddress">{t('assets.addresses')}</RouteButton>
        <RouteButton to="/bankbind">{t('pages.bankbind')}</RouteButton>
      </TotalCard>
      <Tabs
        items={WALLET_KINDS.map((wallet) => ({
          key: wallet,
          label: t(walletLabel(wallet)),
          children: <WalletRows list={list} wallet={wallet} onTransfer={setPrompt} />,
        }))}
      />
      <h2 className="tm-w-section-title">{t('assets.requests')}</h2>
      <RequestLists />
      <TransferPrompt direction={prompt} onClose={() => setPrompt(undefined)} />
    </>
  );
}

interface WalletRowsProps {
  list: WalletList;
  wallet: Wallet;
  onTransfer: (direction: TransferDirection) => void;
}

/** One wallet's currencies; funds come in from and go out to the spot wallet, which itself deposits and withdraws. */
function WalletRows({ list, wallet, onTransfer }: WalletRowsProps) {
  const { t } = useTranslation();
  const { openPanel, isOpen, toggle } = useRowPanel<'records'>();
  // legal_log has record types for the spot, contract and micro wallets; fiat has none.
  const logType = wallet === 'legal' ? undefined : LOG_TYPE[wallet];
  return (
    <DataGrid
      label={t(walletLabel(wallet))}
      columns={useBalanceColumns(wallet)}
      rows={walletRows(list, wallet)}
      rowKey={(row) => row.currency}
      empty={t('assets.emptyWallet')}
      panel={(row) =>
        logType !== undefined &&
        openPanel(row.currency) && <RecordsPanel type={logType} currency={row.currency} currencyName={row.currency_name} />
      }
      actions={(row) => (
        <>
          {wallet === 'change' ? (
            <RouteButton size="small" to={moneyPanelLink(row)}>
              {t('assets.depositWithdraw')}
            </RouteButton>
          ) : (
            <>
              <Button size="small" onClick={() => onTransfer({ row, from: 'change', to: wallet })}>
                {t('assets.transferIn')}
              </Button>
              <Button size="small" onClick={() => onTransfer({ row, from: wallet, to: 'change' })}>
                {t('assets.transferOut')}
              </Button>
            </>
          )}
          {logType !== undefined && (
            <PanelButton active={isOpen(row.currency, 'records')} onClick={() => toggle(row.currency, 'records')}>
              {t('assets.records')}
            </PanelButton>
          )}
        </>
      )}
    />
  );
}
