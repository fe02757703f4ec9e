import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '../../format';
import { ASSET_DECIMALS } from './amount';
import { id } from './api';
import type { BalanceRow } from './queries';
import TransferAmountField from './TransferAmountField';
import { useTransfer } from './useTransfer';
import { availableIn, walletLabel, type Wallet } from './wallets';

export interface TransferDirection {
  row: BalanceRow;
  from: Wallet;
  to: Wallet;
}

interface Props {
  /** the transfer being asked for; the prompt is closed when undefined */
  direction: TransferDirection | undefined;
  onClose: () => void;
}

/** The transfer-in and transfer-out prompt: one amount, moved between two accounts. */
export default function TransferPrompt({ direction, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ number: string }>();
  const transfer = useTransfer();
  const available = direction && availableIn(direction.row, direction.from);
  const submit = ({ number }: { number: string }) => {
    if (!direction) return;
    transfer.mutate({ number: number.trim(), from_field: direction.from, to_field: direction.to, currency_id: id(direction.row.currency) });
  };
  return (
    <Modal
      open={direction !== undefined}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('transfer.submit')}
      confirmLoading={transfer.isPending || transfer.isSuccess}
      destroyOnHidden
      title={
        direction &&
        t('transfer.promptTitle', {
          currency: direction.row.currency_name,
          from: t(walletLabel(direction.from)),
          to: t(walletLabel(direction.to)),
        })
      }
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} clearOnDestroy>
        {direction && available !== undefined && (
          <p className="tm-w-hint">
            {t('transfer.available', { account: t(walletLabel(direction.from)) })}{' '}
            <strong className="tm-w-num">
              {formatFixed(available, ASSET_DECIMALS)} {direction.row.currency_name}
            </strong>
          </p>
        )}
        <TransferAmountField available={available} />
      </Form>
    </Modal>
  );
}
