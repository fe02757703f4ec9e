import { QrcodeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { BANK_CURRENCY, calls, CURRENCY_IDS } from '@tidemark/protocol';
import { Alert, Button, Descriptions, Form, Input, QRCode, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/mutation';
import { rejection } from '../../api/rejection';
import { id } from './api';
import CopyButton from './CopyButton';
import { useInAddress, type BalanceRow, type InAddress } from './queries';
import { amountRules } from './rules';
import ScreenshotUpload from './ScreenshotUpload';
import { useToast } from '../../components/Toasts';

/** Deposits are offered for BTC, ETH and USDT only. */
const DEPOSIT_CURRENCIES: readonly number[] = [CURRENCY_IDS.BTC, CURRENCY_IDS.ETH, CURRENCY_IDS.USDT];
export const offersDeposit = (row: BalanceRow): boolean => DEPOSIT_CURRENCIES.includes(row.currency);

type Network = keyof InAddress;
const NETWORKS: Network[] = ['Trc20', 'ETH', 'BTC', 'Bank'];
type Notice = 'trc20' | 'erc20' | 'eth' | 'btc';

/** What may be sent over the chosen network: ETH itself on Ethereum, any other currency there as an ERC20 token. */
function noticeOf(network: Network, currencyName: string): Notice | undefined {
  if (network === 'Trc20') return 'trc20';
  if (network === 'BTC') return 'btc';
  if (network === 'ETH') return currencyName.toUpperCase() === 'ETH' ? 'eth' : 'erc20';
  return undefined;
}
const QR_SIZE_PX = 256;

interface DepositForm {
  amount: string;
  pic: string;
}

/** Where to send a currency (from the server's configuration) and the top-up application. */
export default function DepositPanel({ row }: { row: BalanceRow }) {
  const { t } = useTranslation();
  const addresses = useInAddress(row.currency);
  const [chosen, setChosen] = useState<Network>();
  if (addresses.error) return <Alert type="error" showIcon title={addresses.error.message} />;
  if (!addresses.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  const offered = NETWORKS.filter((network) => addresses.data[network] !== undefined);
  const network = chosen && offered.includes(chosen) ? chosen : offered[0];
  if (!network) return <Alert type="warning" showIcon title={t('deposit.noAddress', { currency: row.currency_name })} />;
  const notice = noticeOf(network, row.currency_name);
  // an empty address: staff have not configured this network, so nothing may be sent over it yet
  const open = network === 'Bank' || addresses.data[network] !== '';
  return (
    <div className="tm-w-deposit">
      <div className="tm-w-deposit-where">
        {offered.length > 1 && (
          <Segmented<Network>
            value={network}
            onChange={setChosen}
            options={offered.map((value) => ({ value, label: t(`deposit.networks.${value}`) }))}
          />
        )}
        {network === 'Bank' ? (
          <BankAccount bank={addresses.data.Bank!} />
        ) : open ? (
          <CryptoAddress address={addresses.data[network]!} />
        ) : (
          <Alert
            type="warning"
            showIcon
            title={t('deposit.notOpen', { currency: row.currency_name, network: t(`deposit.networks.${network}`) })}
          />
        )}
        {open && notice && <Alert type="info" showIcon title={t(`deposit.notice.${notice}`, { currency: row.currency_name })} />}
      </div>
      {open && <ChargeForm currency={network === 'Bank' ? BANK_CURRENCY : row.currency} currencyName={row.currency_name} />}
    </div>
  );
}

function CryptoAddress({ address }: { address: string }) {
  const { t } = useTranslation();
  const [qrShown, setQrShown] = useState(false);
  return (
    <div className="tm-w-address">
      <span className="tm-w-hint">{t('deposit.address')}</span>
      <code className="tm-w-address-text">{address}</code>
      <div className="tm-w-address-actions">
        <CopyButton text={address} />
        <Button icon={<QrcodeOutlined aria-hidden />} aria-pressed={qrShown} onClick={() => setQrShown(!qrShown)}>
          {qrShown ? t('deposit.hideQr') : t('deposit.showQr')}
        </Button>
      </div>
      {qrShown && <QRCode value={address} size={QR_SIZE_PX} bgColor="#fff" color="#000" className="tm-w-qr" />}
    </div>
  );
}

function BankAccount({ bank }: { bank: NonNullable<InAddress['Bank']> }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      items={[
        { key: 'bank', label: t('deposit.bankName'), children: bank.bkname },
        { key: 'name', label: t('deposit.accountName'), children: bank.cardname },
        { key: 'card', label: t('deposit.cardNumber'), children: <span className="tm-w-num">{bank.bkcardnumer}</span> },
      ]}
    />
  );
}

/** The top-up application: the amount sent and a screenshot of the transfer, for staff to check. */
function ChargeForm({ currency, currencyName }: { currency: number; currencyName: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  // A new key gives a fresh form, upload list included, after each application.
  const [formKey, setFormKey] = useState(0);
  // a submit while the screenshot is still on its way would be refused for a missing screenshot
  const [uploading, setUploading] = useState(false);
  const charge = useCallMutation(calls.walletChargeReq, {
    onSuccess: (notice) => {
      // keyed: the submits of a double click share one answer, and show it once
      toast.success({ content: notice, key: calls.walletChargeReq.path });
      setFormKey((key) => key + 1);
      void queryClient.invalidateQueries({ queryKey: ['wallet', 'charge_list'] });
    },
  });
  return (
    <Form<DepositForm> key={formKey} layout="vertical" requiredMark={false} onFinish={(fields) => charge.mutate({ currency: id(currency), amount: fields.amount.trim(), pic: fields.pic })} className="tm-w-deposit-form">
      <Form.Item name="amount" label={t('deposit.amount', { currency: currencyName })} rules={amountRules({ required: rejection('amount_empty') })}>
        <Input inputMode="decimal" autoComplete="off" placeholder={t('deposit.amountPlaceholder')} />
      </Form.Item>
      <Form.Item name="pic" label={t('deposit.screenshot')} extra={t('deposit.screenshotHint')} rules={[{ required: true, message: rejection('upload_missing') }]}>
        <ScreenshotUpload onBusy={setUploading} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={charge.isPending || uploading}>
        {t('deposit.submit')}
      </Button>
    </Form>
  );
}
