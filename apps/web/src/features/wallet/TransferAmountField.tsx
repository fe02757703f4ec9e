import { formatUnits } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import { Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { rejection } from '../account/rules';
import { plainAmount } from './amount';
import { amountRules } from './rules';

// The spec caps the transfer input at 99999999 and 10 characters.
const TRANSFER_MAX = formatUnits(limits.transferUnitsMax, 0);
const TRANSFER_INPUT_LENGTH_MAX = 10;

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
            maxLength={TRANSFER_INPUT_LENGTH_MAX}
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
