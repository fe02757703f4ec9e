import { useQueryClient } from '@tanstack/react-query';
import { limits } from '@tidemark/protocol';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../api/mutation';
import { rejection } from '../../api/rejection';
import { bindBankCard } from './api';
import { cashInfoKey, useCashInfo, type CashInfo } from './queries';
import { useToast } from '../../components/Toasts';

type BankCard = Required<CashInfo>;

// the server's rule: digits, spaces allowed between them
const BANK_ACCOUNT_PATTERN = new RegExp(`^[0-9 ]{${limits.bankAccountDigitsMin},${limits.bankAccountDigitsMax}}$`);


/** Binds (or re-binds) the bank card that bank withdrawals are paid to. */
export default function BankBindForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const cash = useCashInfo();
  const bind = useApiMutation({
    mutationFn: (card: BankCard) => bindBankCard(card),
    onSuccess: (notice) => {
      toast.success(notice);
      void queryClient.invalidateQueries({ queryKey: cashInfoKey });
    },
  });
  if (cash.error) return <Alert type="error" showIcon title={cash.error.message} />;
  if (!cash.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  const bound = Boolean(cash.data.bank_account);
  return (
    <Form<BankCard>
      layout="vertical"
      requiredMark={false}
      className="tm-w-card tm-w-narrow"
      initialValues={cash.data}
      onFinish={(card) => bind.mutate(card)}
    >
      <Alert type={bound ? 'success' : 'info'} showIcon title={bound ? t('bank.bound') : t('bank.unbound')} />
      <Form.Item name="real_name" label={t('bank.realName')} rules={[{ required: true, whitespace: true, message: rejection('name_invalid') }]}>
        <Input autoComplete="name" maxLength={limits.realNameLengthMax} />
      </Form.Item>
      <Form.Item name="bank_name" label={t('bank.bankName')} rules={[{ required: true, whitespace: true, message: rejection('bank_invalid') }]}>
        <Input maxLength={limits.bankNameLengthMax} />
      </Form.Item>
      <Form.Item
        name="bank_account"
        label={t('bank.bankAccount')}
        rules={[{ required: true, pattern: BANK_ACCOUNT_PATTERN, message: rejection('bank_invalid') }]}
      >
        <Input inputMode="numeric" autoComplete="off" maxLength={limits.bankAccountDigitsMax} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={bind.isPending}>
        {bound ? t('bank.rebind') : t('bank.submit')}
      </Button>
    </Form>
  );
}
