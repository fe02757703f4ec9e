import { LEGAL_USDT_ID } from '@tidemark/protocol';
import { Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from './queries';


interface Props {
  currencies: Currency[] | undefined;
  loading: boolean;
  value?: number;
  onChange?: (currency: number) => void;
  id?: string;
}

/**
 * The currency list as a form control that chooses USDT (or the first currency) once the list is
 * read: USDT, the legal currency, is what most transfers and withdrawals use.
 */
export default function CurrencySelect({ currencies = [], loading, value, onChange, id }: Props) {
  const { t } = useTranslation();
  const fallback = currencies.find((entry) => entry.id === LEGAL_USDT_ID)?.id ?? currencies[0]?.id;
  useEffect(() => {
    if (value === undefined && fallback !== undefined) onChange?.(fallback);
  }, [value, fallback, onChange]);
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      loading={loading}
      placeholder={t('transfer.currencyPlaceholder')}
      showSearch={{ optionFilterProp: 'label' }}
      options={currencies.map((entry) => ({ value: entry.id, label: entry.name }))}
    />
  );
}
