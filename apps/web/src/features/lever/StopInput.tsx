import { InputNumber, type InputNumberProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRICE_DECIMALS, STOP_STEP } from './show';

/** A take-profit or stop-loss price: the spec's step and decimals, empty for none; a form control. */
export default function StopInput(props: InputNumberProps<string>) {
  const { t } = useTranslation();
  return <InputNumber<string> stringMode controls={false} step={STOP_STEP} precision={PRICE_DECIMALS} placeholder={t('lever.form.none')} className="tm-lv-input" {...props} />;
}
