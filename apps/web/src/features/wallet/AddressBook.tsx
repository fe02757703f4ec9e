import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { limits, NETWORKS } from '@tidemark/protocol';
import { Alert, Button, Form, Input, Popconfirm, Radio, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../api/mutation';
import DataGrid from '../../components/DataGrid';
import { rejection } from '../../api/rejection';
import { addAddress, deleteAddress, type NewAddress } from './api';
import CurrencySelect from './CurrencySelect';
import { addressBookKey, useAddressBook, useCurrencyList, type WithdrawAddress } from './queries';
import { addressRule, noSpaces } from './rules';
import { useToast } from '../../components/Toasts';

type AddressForm = NewAddress;

/** The withdrawal address book: add an address for a currency and network, and delete addresses. */
export default function AddressBook() {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AddressForm>();
  const currencies = useCurrencyList();
  const currency = Form.useWatch('currency_id', form);
  const currencyName = currencies.data?.find((entry) => entry.id === currency)?.name ?? '';
  const network = Form.useWatch('netType', form) ?? NETWORKS[0];
  const add = useApiMutation({
    mutationFn: addAddress,
    onSuccess: (notice, fields) => {
      toast.success(notice);
      form.resetFields(['address', 'notes']);
      void queryClient.invalidateQueries({ queryKey: addressBookKey(fields.currency_id) });
    },
  });
  return (
    <div className="tm-w-split">
      <Form<AddressForm>
        form={form}
        layout="vertical"
        requiredMark={false}
        className="tm-w-card"
        initialValues={{ netType: NETWORKS[0], notes: '' }}
        onFinish={(fields) => add.mutate(fields)}
      >
        <h2 className="tm-w-card-title">{t('address.add')}</h2>
        <Form.Item name="currency_id" label={t('transfer.currency')} rules={[{ required: true, message: rejection('currency_required') }]}>
          <CurrencySelect currencies={currencies.data} loading={currencies.isLoading} />
        </Form.Item>
        <Form.Item name="netType" label={t('address.network')}>
          <Radio.Group optionType="button" buttonStyle="solid" options={NETWORKS.map((network) => ({ value: network, label: network }))} />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('address.address')}
          dependencies={['currency_id', 'netType']}
          rules={[
            { required: true, whitespace: true, message: t('address.addressRequired') },
            noSpaces(rejection('address_invalid')),
            addressRule(currencyName, network),
          ]}
        >
          <Input autoComplete="off" spellCheck={false} placeholder={t('address.addressPlaceholder')} />
        </Form.Item>
        <Form.Item name="notes" label={t('address.notes')} rules={[noSpaces(rejection('notes_invalid'))]}>
          <Input autoComplete="off" maxLength={limits.addressNotesLengthMax} placeholder={t('address.notesPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={add.isPending}>
          {t('address.submit')}
        </Button>
      </Form>
      <section className="tm-w-card">
        <h2 className="tm-w-card-title">{t('address.listTitle', { currency: currencyName })}</h2>
        <AddressList currency={currency} />
      </section>
    </div>
  );
}

function AddressList({ currency }: { currency: number | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const book = useAddressBook(currency);
  const remove = useApiMutation({
    mutationFn: (entry: WithdrawAddress) => deleteAddress(entry.id),
    onSuccess: (notice) => {
      toast.success(notice);
      void queryClient.invalidateQueries({ queryKey: addressBookKey(currency) });
    },
  });
  if (book.error) return <Alert type="error" showIcon title={book.error.message} />;
  if (!book.data) return <Skeleton active paragraph={{ rows: 3 }} />;
  return (
    <DataGrid<WithdrawAddress>
      label={t('address.listTitle', { currency: '' })}
      rows={book.data}
      rowKey={(entry) => entry.id}
      empty={t('address.empty')}
      columns={[
        { key: 'network', title: t('address.network'), render: (entry) => entry.nettype },
        { key: 'address', title: t('address.address'), weight: 3, render: (entry) => <code className="tm-w-break">{entry.address}</code> },
        { key: 'notes', title: t('address.notes'), render: (entry) => entry.notes || '--' },
      ]}
      actions={(entry) => (
        <Popconfirm title={t('address.confirmDelete')} okText={t('address.delete')} onConfirm={() => remove.mutate(entry)}>
          <Button size="small" danger icon={<DeleteOutlined aria-hidden />} loading={remove.isPending && remove.variables.id === entry.id}>
            {t('address.delete')}
          </Button>
        </Popconfirm>
      )}
    />
  );
}
