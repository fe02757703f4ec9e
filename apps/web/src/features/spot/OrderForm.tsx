import { Button, Input, Segmented, Slider } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calls } from '@tidemark/protocol';
import { useCallMutation } from '../../api/mutation';
import LoginButtons from '../../components/LoginButtons';
import { formatFixed, stepOfDecimals, toStep } from '../../format';
import type { Pair } from '../market/pair';
import type { SpotRules } from './api';
import { pickedPrice } from '../market/pickedPrice';
import { amountForShare, feeFor, placesOf, totalOf, typedUnits } from './quote';
import { useToast } from '../../components/Toasts';

export type Side = 'buy' | 'sell';
type Kind = 'limit' | 'market';

interface Props {
  side: Side;
  pair: Pair;
  rules: SpotRules;
  /** what the side spends: quote for a buy, base for a sell; undefined while loading or logged out */
  available: string | undefined;
  loggedIn: boolean;
  /** the price the form starts from (the book's last price) */
  lastPrice: string | undefined;
  onPlaced: () => void;
}

const SLIDER_MARKS = { 0: '', 25: '', 50: '', 75: '', 100: '' };

/**
 * One side of the order entry: limit or market, price, amount (a market buy spends a total
 * instead), a slider of the available balance, the total and the most it can pay in fees.
 * Placed through the call table with one idempotency key per intent.
 */
export default function OrderForm({ side, pair, rules, available, loggedIn, lastPrice, onPlaced }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [kind, setKind] = useState<Kind>('limit');
  // null until the trader types or picks a price: the form then follows the last price
  const [typedPrice, setPrice] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [percent, setPercent] = useState(0);
  const base = pair.currencyName;
  const quote = pair.legalName;
  // a market buy says how much it spends, not how much it gets
  const byTotal = kind === 'market' && side === 'buy';

  const pricePlaces = placesOf(rules.price_step);
  const price = typedPrice ?? (lastPrice ? toStep(lastPrice, stepOfDecimals(pricePlaces), 'down') : '');
  // a price picked in the book becomes the limit price
  useEffect(
    () =>
      pickedPrice.subscribe(() => {
        const picked = pickedPrice.get();
        if (!picked) return;
        setKind('limit');
        setPrice(toStep(picked.price, stepOfDecimals(pricePlaces), 'down'));
      }),
    [pricePlaces],
  );

  const submit = useCallMutation(calls.coinSubmit, {
    onSuccess: () => {
      toast.success({ content: t('spot.form.placed'), key: calls.coinSubmit.path });
      setAmount('');
      setPercent(0);
      onPlaced();
    },
  });

  const total = kind === 'limit' ? totalOf(price, amount) : byTotal ? amount : '';
  const fee = total ? feeFor(total, rules) : '';
  const valid = typedUnits(amount) !== undefined && (kind === 'market' || typedUnits(price) !== undefined);
  const share = (value: number) => {
    setPercent(value);
    if (available === undefined) return;
    setAmount(amountForShare({ percent: value, available, side, price, byTotal }, rules));
  };
  const place = () =>
    submit.mutate({
      currency_id: pair.currencyId,
      legal_id: pair.legalId,
      type: side === 'buy' ? '1' : '2',
      status: kind === 'limit' ? '0' : '1',
      ...(kind === 'limit' ? { price: price.trim() } : {}),
      ...(byTotal ? { total: amount.trim() } : { number: amount.trim() }),
    });

  const spendName = side === 'buy' ? quote : base;
  return (
    <form
      className={`tm-sp-form tm-sp-${side}`}
      aria-label={t(`spot.form.${side}Title`, { base })}
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) place();
      }}
    >
      <Segmented<Kind>
        size="small"
        block
        value={kind}
        onChange={(value) => {
          setKind(value);
          setAmount('');
          setPercent(0);
        }}
        options={[
          { label: t('spot.form.limit'), value: 'limit' },
          { label: t('spot.form.market'), value: 'market' },
        ]}
      />
      <div className="tm-sp-avail">
        <span>{t('spot.form.available')}</span>
        <span className="tm-sp-num" data-testid="spot-available">
          {available === undefined ? '--' : formatFixed(available, 8)} {spendName}
        </span>
      </div>
      {kind === 'limit' ? (
        <Input
          aria-label={t('spot.form.price')}
          prefix={<span className="tm-sp-label">{t('spot.form.price')}</span>}
          suffix={quote}
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
        />
      ) : (
        <Input
          aria-label={t('spot.form.price')}
          prefix={<span className="tm-sp-label">{t('spot.form.price')}</span>}
          value={t('spot.form.bestPrice')}
          disabled
        />
      )}
      <Input
        aria-label={byTotal ? t('spot.form.total') : t('spot.form.amount')}
        prefix={<span className="tm-sp-label">{byTotal ? t('spot.form.total') : t('spot.form.amount')}</span>}
        suffix={byTotal ? quote : base}
        inputMode="decimal"
        value={amount}
        onChange={(event) => {
          setAmount(event.target.value);
          setPercent(0);
        }}
      />
      <Slider
        aria-label={t('spot.form.share')}
        marks={SLIDER_MARKS}
        step={1}
        value={percent}
        disabled={!loggedIn || available === undefined}
        onChange={share}
        tooltip={{ formatter: (value) => `${value}%` }}
      />
      <div className="tm-sp-line">
        <span>{t('spot.form.total')}</span>
        <span className="tm-sp-num">{total ? `${formatFixed(total, pricePlaces)} ${quote}` : '--'}</span>
      </div>
      <div className="tm-sp-line">
        <span>{t('spot.form.fee', { maker: rules.maker_fee.replace(/\.?0+$/, ''), taker: rules.taker_fee.replace(/\.?0+$/, '') })}</span>
        <span className="tm-sp-num">{fee ? `≤ ${formatFixed(fee, 8)} ${quote}` : '--'}</span>
      </div>
      {loggedIn ? (
        <Button
          htmlType="submit"
          block
          className={`tm-sp-submit tm-sp-submit-${side}`}
          disabled={!valid}
          loading={submit.isPending}
        >
          {t(`spot.form.${side}Title`, { base })}
        </Button>
      ) : (
        <LoginButtons />
      )}
    </form>
  );
}
