import { SwapOutlined } from '@ant-design/icons';
import type { CallInput, Calls } from '@tidemark/protocol';
import { Button, Form, Select, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatFixed } from '../../format';
import { rejection } from '../../api/rejection';
import { ASSET_DECIMALS } from './amount';
import CurrencySelect from './CurrencySelect';
import { useCurrencyList, type WalletList } from './queries';
import TransferAmountField from './TransferAmountField';
import { id } from './api';
import { useTransfer } from './useTransfer';
import { availableIn, walletLabel, walletRows, WALLET_KINDS, type Wallet } from './wallets';

/** The form's fields: the transfer call's, with the currency as the select holds it. */
type Transfer = Omit<CallInput<Calls['walletChange']>, 'currency_id'> & { currency_id: number };

/** A currency's available amount in a wallet, or undefined where the wallet does not hold it. */
function availableOf(list: WalletList, wallet: Wallet, currency: number | undefined): string | undefined {
  const row = walletRows(list, wallet).find((entry) => entry.currency === currency);
  return row && availableIn(row, wallet);
}

/** Moves one currency between two of the user's four accounts. */
export default function TransferForm({ list }: { list: WalletList }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Transfer>();
  // the chosen currency lives in the address, so the reload after a transfer keeps it
  const [params, setParams] = useSearchParams();
  const linkedCurrency = Number(params.get('currency')) || undefined;
  const currencies = useCurrencyList();
  const transfer = useTransfer();
  const currency = Form.useWatch('currency_id', form);
  const from = Form.useWatch('from_field', form) ?? 'change';
  const to = Form.useWatch('to_field', form) ?? 'lever';
  const currencyName = currencies.data?.find((entry) => entry.id === currency)?.name ?? '';
  const accounts = WALLET_KINDS.map((wallet) => ({ value: wallet, label: t(walletLabel(wallet)) }));
  const balance = (wallet: Wallet) => {
    // Until the currency list is read no currency is chosen: that is loading, not "not held".
    if (currency === undefined) return <Skeleton.Input active size="small" />;
    const amount = availableOf(list, wallet, currency);
    return amount === undefined ? t('transfer.notHeld') : `${formatFixed(amount, ASSET_DECIMALS)} ${currencyName}`;
  };
  return (
    <Form<Transfer>
      form={form}
      layout="vertical"
      requiredMark={false}
      className="tm-w-card tm-w-transfer"
      initialValues={{ from_field: 'change', to_field: 'lever', currency_id: linkedCurrency }}
      onValuesChange={(changed: Partial<Transfer>) =>
        changed.currency_id !== undefined && setParams({ currency: String(changed.currency_id) }, { replace: true })
      }
      onFinish={(fields) => transfer.mutate({ ...fields, number: fields.number.trim(), currency_id: id(fields.currency_id) })}
    >
      <Form.Item name="currency_id" label={t('transfer.currency')} rules={[{ required: true, message: rejection('currency_required') }]}>
        <CurrencySelect currencies={currencies.data} loading={currencies.isLoading} />
      </Form.Item>
      <div className="tm-w-transfer-direction">
        <Form.Item name="from_field" label={t('transfer.from')}>
          <Select options={accounts} />
        </Form.Item>
        <Button
          icon={<SwapOutlined aria-hidden />}
          aria-label={t('transfer.swap')}
          onClick={() => form.setFieldsValue({ from_field: to, to_field: from })}
        />
        <Form.Item
          name="to_field"
          label={t('transfer.to')}
          dependencies={['from_field']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: Wallet) => {
                if (value === getFieldValue('from_field')) throw new Error(rejection('transfer_same_account'));
              },
            }),
          ]}
        >
          <Select options={accounts} />
        </Form.Item>
      </div>
      <dl className="tm-w-quote">
        <dt>{t('transfer.available', { account: t(walletLabel(from)) })}</dt>
        <dd className="tm-w-num tm-w-strong" data-testid="transfer-from-balance" aria-busy={currency === undefined}>
          {balance(from)}
        </dd>
        <dt>{t('transfer.balanceIn', { account: t(walletLabel(to)) })}</dt>
        <dd className="tm-w-num" data-testid="transfer-to-balance" aria-busy={currency === undefined}>
          {balance(to)}
        </dd>
      </dl>
      <TransferAmountField available={availableOf(list, from, currency)} />
      <Button type="primary" htmlType="submit" block loading={transfer.isPending || transfer.isSuccess}>
        {t('transfer.submit')}
      </Button>
    </Form>
  );
}
