import { useTranslation } from 'react-i18next';
import type { Column } from '../../components/DataGrid';
import { formatFixed } from '../../format';
import { ASSET_DECIMALS, usdtValue } from './amount';
import type { BalanceRow } from './queries';
import { availableIn, frozenIn, type Wallet } from './wallets';

/** A wallet's columns: currency, available, frozen, and both together converted to USDT. */
export function useBalanceColumns(wallet: Wallet): Column<BalanceRow>[] {
  const { t } = useTranslation();
  return [
    { key: 'currency', title: t('assets.currency'), heading: true, render: (row) => <strong>{row.currency_name}</strong> },
    {
      key: 'available',
      title: t('assets.available'),
      numeric: true,
      render: (row) => formatFixed(availableIn(row, wallet), ASSET_DECIMALS),
    },
    {
      key: 'frozen',
      title: t('assets.frozen'),
      numeric: true,
      render: (row) => formatFixed(frozenIn(row, wallet), ASSET_DECIMALS),
    },
    {
      key: 'usdt',
      title: t('assets.usdtValue'),
      numeric: true,
      render: (row) => usdtValue([availableIn(row, wallet), frozenIn(row, wallet)], row.usdt_price),
    },
  ];
}
