import { usdtTotalText } from './amount';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import DataGrid from '../../components/DataGrid';
import RouteButton from '../../components/RouteButton';
import { rejection } from '../../api/rejection';
import DepositPanel, { offersDeposit } from './DepositPanel';
import PanelButton from './PanelButton';
import { LOG_TYPE, type BalanceRow, type WalletList } from './queries';
import RecordsPanel from './RecordsPanel';
import TotalCard from './TotalCard';
import { useBalanceColumns } from './useBalanceColumns';
import { useRowPanel } from './useRowPanel';
import { isPlatformOpen } from './wallets';
import WithdrawPanel from './WithdrawPanel';
import { useToast } from '../../components/Toasts';

type Panel = 'deposit' | 'withdraw' | 'records';
const PANELS: readonly Panel[] = ['deposit', 'withdraw', 'records'];

/** The row panel a link asks for (`/change?currency=3&panel=deposit`, from a row on /myasset). */
function linkedPanel(params: URLSearchParams): { row: number; panel: Panel } | undefined {
  const row = Number(params.get('currency'));
  const panel = PANELS.find((known) => known === params.get('panel'));
  return Number.isInteger(row) && row > 0 && panel ? { row, panel } : undefined;
}

/** Where a row's "Deposit & withdraw" leads: its deposit panel on /change, or withdrawal where deposits are not offered. */
export const moneyPanelLink = (row: BalanceRow): string =>
  `/change?currency=${row.currency}&panel=${offersDeposit(row) ? 'deposit' : 'withdraw'}`;

/** The spot (coin-to-coin) wallet: its total, and per currency deposit, withdraw and records. */
export default function SpotAssets({ list }: { list: WalletList }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { openPanel, isOpen, toggle } = useRowPanel<Panel>(linkedPanel(useSearchParams()[0]));
  const open = isPlatformOpen(list);
  // Deposits and withdrawals say "not open yet" while the platform is closed; records stay readable.
  const toggleMoney = (row: BalanceRow, panel: Panel) =>
    open ? toggle(row.currency, panel) : toast.warning(rejection('platform_closed'));
  const render = (row: BalanceRow) => {
    switch (openPanel(row.currency)) {
      case 'deposit':
        return <DepositPanel row={row} />;
      case 'withdraw':
        return <WithdrawPanel row={row} />;
      case 'records':
        return <RecordsPanel type={LOG_TYPE.change} currency={row.currency} currencyName={row.currency_name} />;
      default:
        return null;
    }
  };
  return (
    <>
      <TotalCard label={t('assets.spotTotal')} usdt={usdtTotalText(list.change_wallet.usdt_totle)}>
        <RouteButton to="/transferlegal">{t('nav.transfer')}</RouteButton>
        <RouteButton to="/withdrawaddress">{t('assets.addresses')}</RouteButton>
      </TotalCard>
      {!open && <Alert type="warning" showIcon title={rejection('platform_closed')} />}
      <DataGrid
        label={t('pages.change')}
        columns={useBalanceColumns('change')}
        rows={list.change_wallet.balance}
        rowKey={(row) => row.currency}
        empty={t('assets.emptySpot')}
        panel={render}
        actions={(row) => (
          <>
            {offersDeposit(row) && (
              <PanelButton active={isOpen(row.currency, 'deposit')} onClick={() => toggleMoney(row, 'deposit')}>
                {t('assets.deposit')}
              </PanelButton>
            )}
            <PanelButton active={isOpen(row.currency, 'withdraw')} onClick={() => toggleMoney(row, 'withdraw')}>
              {t('assets.withdraw')}
            </PanelButton>
            <PanelButton active={isOpen(row.currency, 'records')} onClick={() => toggle(row.currency, 'records')}>
              {t('assets.records')}
            </PanelButton>
          </>
        )}
      />
    </>
  );
}
