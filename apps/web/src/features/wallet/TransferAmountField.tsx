import { formatUnits } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { rejection } from '../../api/rejection';
import { plainAmount } from './amount';
import { amountRules } from './rules';

// The spec caps a transfer at 99999999. Its 10-character input cap is not kept: it cut a typed
// amount silently (1.123456789 became 1.12345678); the rules say what is wrong instead.
const TRANSFER_MAX = formatUnits(limits.transferUnitsMax, 0);

interface Props {
  /** the source account's available amount, put in the field by "all" */
  available: string | undefined;
}

/** The amount to transfer (form field `number`) with an "all" button. */
export default function TransferAmountField({ available }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  return (
    <Form.Item label={t('transfer.amount')} required>
      <Space.Compact block>
        <Form.Item
          name="number"
          noStyle
          rules={amountRules({
            required: t('transfer.amountRequired'),
            max: { amount: TRANSFER_MAX, message: rejection('transfer_too_large') },
          })}
        >
          <Input
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('transfer.amountPlaceholder')}
            aria-label={t('transfer.amount')}
          />
        </Form.Item>
        <Button disabled={available === undefined} onClick={() => available !== undefined && form.setFieldValue('number', plainAmount(available))}>
          {t('transfer.all')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}
