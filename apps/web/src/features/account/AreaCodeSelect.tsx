import { Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCALE } from '../../format';
import { useCountries, type Country } from './queries';

interface Props {
  /** the chosen country_id (calling codes repeat, e.g. +1, so the id is the value) */
  value?: number;
  onChange?: (countryId: number) => void;
  /** show only "+code" once chosen, for a select in front of a phone number */
  compact?: boolean;
  disabled?: boolean;
}

/** The calling code of a chosen country, as the register and reset calls send it. */
export function callingCode(countries: Country[] | undefined, countryId: number | undefined): string | undefined {
  return countries?.find((country) => country.country_id === countryId)?.area_code;
}

const regionNames = new Intl.DisplayNames(LOCALE, { type: 'region' });

/** A country's name in the reader's language, or its English name where the browser has none. */
const countryName = (country: Country): string => regionNames.of(country.iso) ?? country.name_en;

/** A searchable country and calling-code picker; it starts on the first country of the list. */
export default function AreaCodeSelect({ value, onChange, compact = false, disabled }: Props) {
  const { t } = useTranslation();
  const { data: countries = [], isLoading } = useCountries();
  const first = countries[0]?.country_id;

  useEffect(() => {
    if (value === undefined && first !== undefined) onChange?.(first);
  }, [value, first, onChange]);

  return (
    <Select
      className={compact ? 'tm-area-code' : undefined}
      value={value}
      onChange={onChange}
      disabled={disabled}
      loading={isLoading}
      aria-label={t('auth.areaCode')}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={compact ? 260 : true}
      options={countries.map((country) => ({
        value: country.country_id,
        label: `+${country.area_code} ${countryName(country)}`,
      }))}
      labelRender={({ value: id, label }) => (compact ? `+${callingCode(countries, Number(id)) ?? ''}` : label)}
    />
  );
}
