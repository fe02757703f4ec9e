import { calls, limits, NETWORKS } from '@tidemark/protocol';
import { Alert, Button, Form, Input, Select, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/mutation';
import RouteButton from '../../components/RouteButton';
import { formatFixed } from '../../format';
import { useHasPayPassword, useUserInfo } from '../account/queries';
import { rejection } from '../../api/rejection';
import { TOTP_OR_RECOVERY_PATTERN } from '../account/totpCode';
import { id } from './api';
import { ASSET_DECIMALS, HINT_DECIMALS, isBelow, plainAmount, withdrawQuote } from './amount';
import { reloadAfter, WITHDRAW_RELOAD_MS } from './reload';
import { useAddressBook, useCashInfo, useWithdrawInfo, type BalanceRow, type WithdrawInfo } from './queries';
import { amountRules } from './rules';
import { useToast } from '../../components/Toasts';

type Network = (typeof NETWORKS)[number];

const PAY_PASSWORD_PATTERN = new RegExp(`^\\d{${limits.payPasswordDigits}}$`);

interface WithdrawForm {
  address: string;
  number: string;
  pay_password: string;
  /** asked when the authenticator app is on */
  totp_code?: string;
}

/** A withdrawal to an address of the user's book, with its fee, limits and the fund password. */
export default function WithdrawPanel({ row }: { row: BalanceRow }) {
  const { t } = useTranslation();
  const hasPassword = useHasPayPassword();
  const cash = useCashInfo();
  const info = useWithdrawInfo(row.currency);
  const error = hasPassword.error ?? info.error;
  if (error) return <Alert type="error" showIcon title={error.message} />;
  if (hasPassword.data === undefined || !info.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!hasPassword.data) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('withdraw.setPassword')}
        action={
          <RouteButton type="primary" size="small" to="/jymm">
            {t('withdraw.setPasswordAction')}
          </RouteButton>
        }
      />
    );
  }
  return (
    <div className="tm-w-withdraw">
      {cash.data && !cash.data.bank_account && (
        <Alert
          type="info"
          showIcon
          title={t('withdraw.bindBank')}
          action={
            <RouteButton size="small" to="/bankbind">
              {t('withdraw.bindBankAction')}
            </RouteButton>
          }
        />
      )}
      <WithdrawForm row={row} info={info.data} />
    </div>
  );
}

function WithdrawForm({ row, info }: { row: BalanceRow; info: WithdrawInfo }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [form] = Form.useForm<WithdrawForm>();
  const [network, setNetwork] = useState<Network>(NETWORKS[0]);
  const book = useAddressBook(row.currency);
  const totpOn = useUserInfo().data?.totp_on === 1;
  const typed = Form.useWatch('number', form) ?? '';
  const quote = withdrawQuote(typed, info.rate);
  const addresses = (book.data ?? []).filter((entry) => entry.nettype.toUpperCase() === network);
  const withdraw = useCallMutation(calls.walletOut, {
    onSuccess: (notice) => {
      // keyed: the submits of a double click share one answer, and show it once
      toast.success({ content: notice, key: calls.walletOut.path });
      reloadAfter(WITHDRAW_RELOAD_MS);
    },
  });
  const submit = (fields: WithdrawForm) => {
    // The spec warns under the minimum but still sends: the server's refusal names the figure.
    if (isBelow(fields.number, info.min_number)) toast.warning(t('withdraw.belowMin'));
    withdraw.mutate({ currency: id(row.currency), ...fields, number: fields.number.trim(), totp_code: fields.totp_code?.trim() || undefined, rate: info.rate });
  };
  const coin = row.currency_name;
  return (
    <Form<WithdrawForm> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
      <Tabs
        activeKey={network}
        onChange={(key) => {
          setNetwork(key as Network);
          form.setFieldValue('address', undefined);
        }}
        items={NETWORKS.map((key) => ({ key, label: key }))}
        size="small"
      />
      <Form.Item
        name="address"
        label={t('withdraw.address')}
        rules={[{ required: true, message: rejection('address_required') }]}
        extra={
          <RouteButton type="link" size="small" to="/withdrawaddress" className="tm-w-inline-link">
            {addresses.length === 0 && !book.isLoading ? t('withdraw.addAddress', { network }) : t('withdraw.manageAddresses')}
          </RouteButton>
        }
      >
        <Select
          loading={book.isLoading}
          placeholder={t('withdraw.addressPlaceholder')}
          notFoundContent={t('withdraw.noAddress', { network })}
          options={addresses.map((entry) => ({
            value: entry.address,
            label: entry.notes ? `${entry.notes} · ${entry.address}` : entry.address,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="number"
        label={t('withdraw.amount', { currency: coin })}
        rules={amountRules({ required: t('withdraw.amountRequired') })}
        extra={t('withdraw.limits', {
          min: formatFixed(info.min_number, HINT_DECIMALS),
          max: formatFixed(info.max_number, HINT_DECIMALS),
          daily: formatFixed(info.daily_limit, HINT_DECIMALS),
          remaining: formatFixed(info.daily_remaining, HINT_DECIMALS),
        })}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('withdraw.amountPlaceholder')}
          suffix={
            <Button type="link" size="small" onClick={() => form.setFieldValue('number', plainAmount(info.change_balance))}>
              {t('transfer.all')}
            </Button>
          }
        />
      </Form.Item>
      <dl className="tm-w-quote">
        <dt>{t('withdraw.available')}</dt>
        <dd className="tm-w-num">{`${formatFixed(info.change_balance, ASSET_DECIMALS)} ${coin}`}</dd>
        <dt>{t('withdraw.feeRate')}</dt>
        <dd className="tm-w-num">{`${plainAmount(info.rate)}%`}</dd>
        <dt>{t('withdraw.fee')}</dt>
        <dd className="tm-w-num">{quote ? `${quote.fee} ${coin}` : '--'}</dd>
        <dt>{t('withdraw.received')}</dt>
        <dd className="tm-w-num tm-w-strong">{quote ? `${quote.received} ${coin}` : '--'}</dd>
      </dl>
      <Form.Item name="pay_password" label={t('withdraw.payPassword')} rules={[{ pattern: PAY_PASSWORD_PATTERN, required: true, message: rejection('pay_password_invalid') }]}>
        <Input.Password inputMode="numeric" autoComplete="off" maxLength={limits.payPasswordDigits} placeholder={t('withdraw.payPasswordPlaceholder')} />
      </Form.Item>
      {totpOn && (
        <Form.Item name="totp_code" label={t('totp.code')} rules={[{ required: true, pattern: TOTP_OR_RECOVERY_PATTERN, message: t('totp.codeRule') }]}>
          <Input autoComplete="one-time-code" maxLength={11} placeholder={t('totp.codeOrRecoveryPlaceholder')} className="tm-w-num" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={withdraw.isPending || withdraw.isSuccess}>
        {t('withdraw.submit')}
      </Button>
    </Form>
  );
}
