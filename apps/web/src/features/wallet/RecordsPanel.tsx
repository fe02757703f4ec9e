import { formatFixed } from '../../format';
import { formatTime, timeTitle } from '../../format/time';
import { useTranslation } from 'react-i18next';
import { ASSET_DECIMALS } from './amount';
import PagedGrid from './PagedGrid';
import { useLegalLog, type LogRow, type LogType } from './queries';

interface Props {
  type: LogType;
  currency: number;
  currencyName: string;
}

/** A currency's wallet records: amount, what it was (in the request's language) and when. */
export default function RecordsPanel({ type, currency, currencyName }: Props) {
  const { t } = useTranslation();
  return (
    <PagedGrid<LogRow>
      list={useLegalLog(type, currency)}
      rowKey={(row) => row.id}
      label={t('wallet.records.title', { currency: currencyName })}
      empty={t('wallet.records.empty')}
      columns={[
        {
          key: 'value',
          title: t('wallet.records.amount'),
          numeric: true,
          render: (row) => `${formatFixed(row.value, ASSET_DECIMALS)} ${row.currency_name}`,
        },
        { key: 'type', title: t('wallet.records.type'), render: (row) => row.text },
        { key: 'time', title: timeTitle(t('wallet.records.time')), render: (row) => formatTime(row.created_at_ms) },
      ]}
    />
  );
}
