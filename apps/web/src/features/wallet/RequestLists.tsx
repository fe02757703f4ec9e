import { Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '../../format';
import { formatTime, timeTitle } from '../../format/time';
import { ASSET_DECIMALS } from './amount';
import PagedGrid from './PagedGrid';
import { useDeposits, useWithdrawals, type Deposit, type Withdrawal } from './queries';

type Status = Withdrawal['status_name'] | Deposit['status_name'];

/** Waiting is gold, done is green, refused or failed is red. */
const STATUS_COLOUR: Record<Status, string> = {
  applying: 'gold',
  pending: 'gold',
  agreed: 'blue',
  chain_success: 'green',
  station_success: 'green',
  credited: 'green',
  chain_failure: 'red',
  rejected: 'red',
};

/** The user's own withdrawals and top-up applications, with where each stands. */
export default function RequestLists() {
  const { t } = useTranslation();
  return (
    <Tabs
      className="tm-w-requests"
      items={[
        { key: 'withdrawals', label: t('assets.withdrawals'), children: <Withdrawals /> },
        { key: 'deposits', label: t('assets.deposits'), children: <Deposits /> },
      ]}
    />
  );
}

function Withdrawals() {
  const { t } = useTranslation();
  return (
    <PagedGrid<Withdrawal>
      list={useWithdrawals()}
      rowKey={(row) => row.id}
      label={t('assets.withdrawals')}
      empty={t('assets.noWithdrawals')}
      columns={[
        { key: 'time', title: timeTitle(t('wallet.records.time')), render: (row) => formatTime(row.created_at_ms) },
        {
          key: 'number',
          title: t('withdraw.amountShort'),
          numeric: true,
          render: (row) => `${formatFixed(row.number, ASSET_DECIMALS)} ${row.currency_name}`,
        },
        { key: 'fee', title: t('withdraw.fee'), numeric: true, render: (row) => formatFixed(row.fee, ASSET_DECIMALS) },
        {
          key: 'address',
          title: t('withdraw.address'),
          weight: 2,
          render: (row) => (
            <span className="tm-w-break">
              {row.network} · {row.address}
              {row.hash && <small className="tm-w-hint">{t('withdraw.hash', { hash: row.hash })}</small>}
            </span>
          ),
        },
        {
          key: 'status',
          title: t('assets.status'),
          render: (row) => <Tag color={STATUS_COLOUR[row.status_name]}>{t(`withdraw.status.${row.status_name}`)}</Tag>,
        },
      ]}
    />
  );
}

function Deposits() {
  const { t } = useTranslation();
  return (
    <PagedGrid<Deposit>
      list={useDeposits()}
      rowKey={(row) => row.id}
      label={t('assets.deposits')}
      empty={t('assets.noDeposits')}
      columns={[
        { key: 'time', title: timeTitle(t('wallet.records.time')), render: (row) => formatTime(row.created_at_ms) },
        {
          key: 'amount',
          title: t('deposit.amountShort'),
          numeric: true,
          render: (row) => `${formatFixed(row.amount, ASSET_DECIMALS)} ${row.currency_name}`,
        },
        {
          key: 'status',
          title: t('assets.status'),
          render: (row) => <Tag color={STATUS_COLOUR[row.status_name]}>{t(`deposit.status.${row.status_name}`)}</Tag>,
        },
      ]}
    />
  );
}
