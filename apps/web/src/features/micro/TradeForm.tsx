import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { calls, type TMicroPayableCurrency, type TMicroSecondsOption } from '@tidemark/protocol';
import { Button, InputNumber, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/mutation';
import { formatFixed } from '../../format';
import { microKey, usePayableCurrencies, useSecondsOptions } from './api';
import { expectedPayout, firstPreset, isBlockedKey, presetRows, submitFee } from './rules';
import { useToast } from '../../components/Toasts';

/** The spec's default payable currency (USDT). */
const DEFAULT_CURRENCY_ID = 3;

type Direction = 'up' | 'down';

/**
 * Order entry: payable currency, expiry (each with its profit ratio), presets in rows of 7, the
 * amount, and Up and Down with what a win pays. `pairId` is the pair the order is on.
 */
export default function TradeForm({ pairId, symbol }: { pairId: number; symbol: string }) {
  const { t } = useTranslation();
  const currencies = usePayableCurrencies(true);
  const options = useSecondsOptions();
  const [currencyId, setCurrencyId] = useState(DEFAULT_CURRENCY_ID);
  const [seconds, setSeconds] = useState<number>();
  const [amount, setAmount] = useState<string>();
  if (!currencies.data || !options.data) return <Spin className="tm-mk-spin" />;
  const currency = currencies.data.find((c) => c.id === currencyId) ?? currencies.data[0];
  const enabled = options.data.filter((o) => o.status === 1);
  const option = enabled.find((o) => o.seconds === seconds) ?? enabled[0];
  return (
    <div className="tm-mi-form">
      <label className="tm-mi-field">
        <span>{t('micro.currency')}</span>
        <Select
          size="small"
          value={currency?.id}
          aria-label={t('micro.currency')}
          options={currencies.data.map((c) => ({ value: c.id, label: c.name }))}
          onChange={(id: number) => {
            setCurrencyId(id);
            setAmount(firstPreset(currencies.data.find((c) => c.id === id)));
          }}
        />
      </label>
      <div className="tm-mi-field">
        <span id="tm-mi-seconds">{t('micro.seconds')}</span>
        <div className="tm-mi-seconds" role="group" aria-labelledby="tm-mi-seconds">
          {enabled.map((o) => (
            <SecondsButton key={o.seconds} option={o} chosen={o === option} onChoose={() => setSeconds(o.seconds)} />
          ))}
        </div>
      </div>
      {currency && (
        <Entry
          key={currency.id}
          pairId={pairId}
          symbol={symbol}
          currency={currency}
          option={option}
          amount={amount ?? firstPreset(currency)}
          setAmount={setAmount}
        />
      )}
    </div>
  );
}

function SecondsButton({ option, chosen, onChoose }: { option: TMicroSecondsOption; chosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="tm-mi-second" aria-pressed={chosen} onClick={onChoose}>
      <strong>{t('micro.secondsShort', { seconds: option.seconds })}</strong>
      <small>{t('micro.ratio', { ratio: formatFixed(option.profit_ratio, 0) })}</small>
    </button>
  );
}

interface EntryProps {
  pairId: number;
  symbol: string;
  currency: TMicroPayableCurrency;
  option: TMicroSecondsOption | undefined;
  amount: string;
  setAmount: (amount: string) => void;
}

function Entry({ pairId, symbol, currency, option, amount, setAmount }: EntryProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [sending, setSending] = useState<Direction>();
  const submit = useCallMutation(calls.microSubmit, {
    onSuccess: (notice) => {
      toast.success({ content: notice, key: calls.microSubmit.path });
      void queryClient.invalidateQueries({ queryKey: microKey });
    },
    onSettled: () => setSending(undefined),
  });
  const place = (direction: Direction) => {
    // the spec: an empty amount shows the open-number prompt and sends nothing
    if (amount.trim() === '') {
      toast.warning({ content: t('micro.openNumber'), key: 'micro-open-number' });
      return;
    }
    if (!option) return;
    setSending(direction);
    submit.mutate({
      match_id: String(pairId),
      currency_id: String(currency.id),
      type: direction === 'up' ? '1' : '2',
      seconds: String(option.seconds),
      number: amount.trim(),
    });
  };
  const quote = option && expectedPayout(amount, option.profit_ratio);
  const fee = submitFee(amount, currency.micro_trade_fee);
  return (
    <>
      <div className="tm-mi-field">
        <span>{t('micro.presets')}</span>
        <div className="tm-mi-presets">
          {presetRows(currency.micro_numbers).map((row, r) => (
            <div key={r} className="tm-mi-preset-row">
              {row.map(({ number }) => (
                <button key={number} type="button" className="tm-mi-preset" aria-pressed={number === amount} onClick={() => setAmount(number)}>
                  {formatFixed(number, 0)}
                </button>
              ))}
            </div>
          ))}
        </div>
      </div>
      <label className="tm-mi-field">
        <span>{t('micro.amount')}</span>
        <InputNumber<string>
          stringMode
          controls={false}
          min="0"
          className="tm-mi-amount"
          aria-label={t('micro.amount')}
          placeholder={t('micro.openNumber')}
          suffix={currency.name}
          value={amount === '' ? null : amount}
          onKeyDown={(event) => isBlockedKey(event.key) && event.preventDefault()}
          onChange={(value) => setAmount(value ?? '')}
        />
      </label>
      <dl className="tm-mi-quote">
        <div>
          <dt>{t('micro.balance')}</dt>
          <dd data-testid="micro-balance">
            {formatFixed(currency.user_wallet.micro_with_insurance, 2)} {currency.name}
          </dd>
        </div>
        <div>
          <dt>{t('micro.fee', { percent: formatFixed(currency.micro_trade_fee, 2) })}</dt>
          <dd>{fee ? `${formatFixed(fee, 2)} ${currency.name}` : '–'}</dd>
        </div>
        <div>
          <dt>{t('micro.payout')}</dt>
          <dd className="tm-mi-payout" data-testid="micro-payout">
            {quote ? (
              <>
                {formatFixed(quote.payout, 2)} {currency.name} <span className="tm-up">+{formatFixed(quote.profit, 2)}</span>
              </>
            ) : (
              '–'
            )}
          </dd>
        </div>
      </dl>
      <div className="tm-mi-actions">
        {(['up', 'down'] as const).map((direction) => (
          <Button
            key={direction}
            size="large"
            className={`tm-mi-${direction}`}
            loading={sending === direction}
            disabled={!option || (sending !== undefined && sending !== direction)}
            icon={direction === 'up' ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}
            onClick={() => place(direction)}
          >
            {t(direction === 'up' ? 'micro.up' : 'micro.down')}
            <small>{symbol}</small>
          </Button>
        ))}
      </div>
    </>
  );
}
