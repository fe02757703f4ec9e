import { limits } from '@tidemark/protocol';
import { useTranslation } from 'react-i18next';
import RouteButton from '../components/RouteButton';
import { formatExact, trendOf } from '../format';
import { formatTime, timeTitle } from '../format/time';
import { LOG_DECIMALS } from '../features/wallet/amount';
import PagedGrid from '../features/wallet/PagedGrid';
import { useTransferLog, type TransferLogRow } from '../features/wallet/queries';
import WalletPage from '../features/wallet/WalletPage';
import { walletLabel } from '../features/wallet/wallets';

export default function TransferLogPage() {
  const { t } = useTranslation();
  return (
    <WalletPage page="transferlog" actions={<RouteButton to="/transferlegal">{t('nav.transfer')}</RouteButton>}>
      <div className="tm-w-card">
        <PagedGrid<TransferLogRow>
          list={useTransferLog(limits.transferLogPageSize)}
          rowKey={(row) => row.id}
          label={t('pages.transferlog')}
          empty={t('transfer.logEmpty')}
          columns={[
            { key: 'time', title: timeTitle(t('wallet.records.time')), render: (row) => formatTime(row.created_at_ms) },
            { key: 'account', title: t('transfer.account'), render: (row) => t(walletLabel(row.account)) },
            { key: 'info', title: t('transfer.explanation'), render: (row) => row.info },
            {
              key: 'value',
              title: t('transfer.amount'),
              numeric: true,
              // every digit the currency has (the spec's 2 decimals only as the minimum), signed and coloured
              render: (row) => (
                <span className={`tm-${trendOf(row.value)}`}>
                  {formatExact(row.value, LOG_DECIMALS, { signed: true })} {row.currency_name}
                </span>
              ),
            },
          ]}
        />
      </div>
    </WalletPage>
  );
}
