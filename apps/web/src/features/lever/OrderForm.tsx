import { useQueryClient } from '@tanstack/react-query';
import { calls, limits } from '@tidemark/protocol';
import type { LeverDirection } from '@tidemark/core';
import { Button, Form, InputNumber, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/mutation';
import { formatFixed, stepOfDecimals, toStep } from '../../format';
import { rejection } from '../../api/rejection';
import type { Pair } from '../market/pair';
import { useSlice } from '../market/slice';
import { leverKeys, type LeverDeal } from './api';
import { estimateLever, stopBounds } from './estimate';
import { pickedPrice } from '../market/pickedPrice';
import { AMOUNT_DECIMALS, PRICE_DECIMALS, signedAmount, signedClass } from './show';
import StopInput from './StopInput';
import { useToast } from '../../components/Toasts';

interface Values {
  mode: 0 | 1;
  price?: string | null;
  multiple?: number;
  hands?: number | null;
  takeProfit?: string | null;
  stopLoss?: string | null;
}

interface Props {
  pair: Pair;
  deal: LeverDeal;
  currentPrice: string;
  direction: LeverDirection;
  onDirection: (direction: LeverDirection) => void;
  /** after an order is accepted (the phone closes its sheet) */
  onPlaced?: () => void;
}

/**
 * The contract order form: long or short, limit or market, leverage, hands, optional take-profit
 * and stop-loss, with live estimates by the settlement formulas. The server re-checks everything.
 */
export default function OrderForm({ pair, deal, currentPrice, direction, onDirection, onPlaced }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const values = Form.useWatch([], form) as Values | undefined;
  const { min: handsMin, max: handsMax } = deal.lever_share_limit;
  const firstPreset = deal.multiple.share[0]?.value ?? handsMin;
  // the lowest leverage and the first hand preset until the trader picks others
  const [initial] = useState<Values>({ mode: 1, multiple: deal.multiple.muit[0]?.value, hands: firstPreset });

  // a price clicked elsewhere (the order book) becomes a limit order at that price
  const handed = useSlice(pickedPrice);
  useEffect(() => {
    if (handed) form.setFieldsValue({ mode: 0, price: handed.price });
  }, [handed, form]);

  const submit = useCallMutation(calls.leverSubmit, {
    onSuccess: (notice) => {
      // keyed: the submits of a double click share one answer, and show it once
      toast.success({ content: notice, key: calls.leverSubmit.path });
      form.setFieldsValue({ takeProfit: null, stopLoss: null });
      void queryClient.invalidateQueries({ queryKey: leverKeys.all });
      onPlaced?.();
    },
  });

  const mode = values?.mode ?? initial.mode;
  const estimate = estimateLever(
    {
      direction,
      mode,
      limitPrice: values?.price ?? '',
      currentPrice,
      hands: Number(values?.hands ?? 0),
      multiple: values?.multiple ?? 0,
      takeProfit: values?.takeProfit ?? '',
      stopLoss: values?.stopLoss ?? '',
    },
    { contractSize: deal.lever_share_num, spreadPercent: deal.spread, feePercent: deal.lever_trade_fee },
  );
  const tpBounds = stopBounds('takeProfit', direction, currentPrice, limits.leverStopRangeUnits);
  const slBounds = stopBounds('stopLoss', direction, currentPrice, limits.leverStopRangeUnits);

  const onFinish = (v: Values) => {
    submit.mutate({
      legal_id: pair.legalId,
      currency_id: pair.currencyId,
      multiple: String(v.multiple),
      share: String(v.hands),
      type: String(direction),
      status: String(v.mode),
      target_price: v.mode === 0 ? (v.price ?? '') : '',
      target_profit_price: v.takeProfit ?? '',
      stop_loss_price: v.stopLoss ?? '',
    });
  };

  const long = direction === 1;
  const side = long ? t('lever.side.long') : t('lever.side.short');
  return (
    <Form
      form={form}
      name="lever-order"
      layout="vertical"
      size="small"
      requiredMark={false}
      initialValues={initial}
      onFinish={onFinish}
      className="tm-lv-form"
      aria-label={t('lever.form.title')}
    >
      <Segmented<LeverDirection>
        block
        className={`tm-lv-direction tm-lv-direction-${long ? 'long' : 'short'}`}
        value={direction}
        onChange={onDirection}
        options={[
          { value: 1, label: t('lever.side.long') },
          { value: 2, label: t('lever.side.short') },
        ]}
      />
      <Form.Item name="mode" noStyle>
        <Segmented<0 | 1>
          size="small"
          className="tm-lv-mode"
          options={[
            { value: 0, label: t('lever.form.limit') },
            { value: 1, label: t('lever.form.market') },
          ]}
        />
      </Form.Item>
      {mode === 1 ? (
        <Form.Item label={t('lever.form.price')}>
          {/* a Form.Item without a name gives its label no for=: the input is named here */}
          <InputNumber<string> stringMode disabled controls={false} aria-label={t('lever.form.price')} precision={PRICE_DECIMALS} value={toStep(currentPrice, stepOfDecimals(PRICE_DECIMALS), 'down')} suffix={t('lever.form.best')} className="tm-lv-input" />
        </Form.Item>
      ) : (
        <Form.Item
          label={t('lever.form.price')}
          name="price"
          rules={[{ validator: async (_r, v: string | null | undefined) => positiveOr(v, rejection('lever_price_invalid')) }]}
        >
          <InputNumber<string> stringMode controls={false} min="0" precision={PRICE_DECIMALS} placeholder={toStep(currentPrice, stepOfDecimals(PRICE_DECIMALS), 'down')} suffix={pair.legalName} className="tm-lv-input" />
        </Form.Item>
      )}
      <Form.Item
        label={t('lever.form.leverage')}
        name="multiple"
        rules={[{ required: true, message: rejection('lever_multiple_invalid') }]}
      >
        <Segmented<number> block size="small" options={deal.multiple.muit.map(({ value }) => ({ value, label: `${value}x` }))} />
      </Form.Item>
      <Form.Item
        label={t('lever.form.hands', { min: handsMin, max: handsMax })}
        name="hands"
        rules={[
          {
            validator: async (_r, v: number | null | undefined) => {
              if (v === null || v === undefined || !Number.isInteger(v) || v <= 0) throw new Error(rejection('lever_hands_not_integer'));
              if (v < handsMin) throw new Error(t('lever.form.handsBelow', { min: handsMin }));
              if (v > handsMax) throw new Error(t('lever.form.handsAbove', { max: handsMax }));
            },
          },
        ]}
        extra={
          <div className="tm-lv-presets">
            {deal.multiple.share.map(({ value }) => (
              <Button
                key={value}
                size="small"
                type={values?.hands === value ? 'primary' : 'default'}
                onClick={() => form.setFieldsValue({ hands: value })}
              >
                {value}
              </Button>
            ))}
          </div>
        }
      >
        <InputNumber<number> controls={false} precision={0} step={1} className="tm-lv-input" suffix={t('lever.form.handsUnit')} />
      </Form.Item>
      <div className="tm-lv-stops">
        <Form.Item label={t('lever.form.takeProfit')} name="takeProfit">
          <StopInput min={tpBounds?.min} max={tpBounds?.max} />
        </Form.Item>
        <Form.Item label={t('lever.form.stopLoss')} name="stopLoss">
          <StopInput min={slBounds?.min} max={slBounds?.max} />
        </Form.Item>
      </div>
      <dl className="tm-lv-estimates" aria-label={t('lever.form.estimates')}>
        <Figure label={t('lever.form.openPrice')} value={estimate && formatFixed(estimate.openPrice, PRICE_DECIMALS)} />
        <Figure label={t('lever.form.value')} value={estimate?.value} unit={pair.legalName} />
        <Figure label={t('lever.form.margin')} value={estimate?.margin} unit={pair.legalName} />
        <Figure label={t('lever.form.fee')} value={estimate?.fee} unit={pair.legalName} />
        <Figure label={t('lever.form.atTakeProfit')} value={estimate?.profitAtTakeProfit} unit={pair.legalName} signed />
        <Figure label={t('lever.form.atStopLoss')} value={estimate?.lossAtStopLoss} unit={pair.legalName} signed />
        <Figure label={t('lever.form.available')} value={deal.user_lever} unit={pair.legalName} />
      </dl>
      <Button
        block
        htmlType="submit"
        loading={submit.isPending}
        className={`tm-lv-submit tm-lv-submit-${long ? 'long' : 'short'}`}
      >
        {t('lever.form.open', { side })}
      </Button>
    </Form>
  );
}

async function positiveOr(value: string | null | undefined, problem: string): Promise<void> {
  if (!value || !/[1-9]/.test(value) || value.startsWith('-')) throw new Error(problem);
}

function Figure({ label, value, unit, signed }: { label: string; value: string | undefined; unit?: string; signed?: boolean }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd className={signed && value ? signedClass(value) : undefined}>
        {value === undefined ? '--' : `${signed ? signedAmount(value) : formatFixed(value, unit ? AMOUNT_DECIMALS : PRICE_DECIMALS)}${unit ? ` ${unit}` : ''}`}
      </dd>
    </div>
  );
}
