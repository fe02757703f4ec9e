import { Button, Form, Input, Modal, Switch, Table } from 'antd';
import { useState } from 'react';
import type { CallSpec } from '@tidemark/protocol';
import { useAdminMutation } from './api';
import { adminText, type AdminTextKey } from './texts';
import { useToast } from '../components/Toasts';

/** One editable setting: its form field, label and kind (`flag`: a switch sent as 1 or 0). */
export interface SettingField {
  name: string;
  label: AdminTextKey;
  kind?: 'flag' | 'number' | 'text';
  hint?: AdminTextKey;
}

/** A setting's values as the form holds them: text, or a switch's state. */
export type SettingValues = Record<string, string | boolean>;

const shown = (value: string | boolean | undefined) => (typeof value === 'boolean' ? adminText(value ? 'yes' : 'no') : value || '—');

/**
 * An "Edit" button that opens the setting's form; saving first shows each changed field before and
 * after and asks for confirmation, then sends the whole setting (`fixed` names which one it is).
 */
export function SettingEditor<C extends CallSpec>(props: {
  call: C;
  title: string;
  fields: readonly SettingField[];
  values: SettingValues;
  fixed?: Record<string, string>;
  buttonLabel?: AdminTextKey;
}) {
  const toast = useToast();
  const [modal, modalHolder] = Modal.useModal();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<SettingValues>();
  const save = useAdminMutation(props.call, {
    onSuccess: () => {
      setOpen(false);
      toast.success(adminText('saved'));
    },
  });

  const confirm = (edited: SettingValues) => {
    const changes = props.fields.filter((f) => String(edited[f.name] ?? '').trim() !== String(props.values[f.name] ?? ''));
    if (changes.length === 0) return toast.info(adminText('noChange'));
    const wire = Object.fromEntries(props.fields.map((f) => [f.name, typeof edited[f.name] === 'boolean' ? (edited[f.name] ? '1' : '0') : String(edited[f.name] ?? '').trim()]));
    void modal.confirm({
      title: adminText('confirmChanges'),
      width: 620,
      okText: adminText('save'),
      cancelText: adminText('cancel'),
      content: (
        <Table
          size="small"
          pagination={false}
          rowKey="name"
          dataSource={changes}
          columns={[
            { title: adminText('setting'), render: (_, f) => adminText(f.label) },
            { title: adminText('before'), className: 'tm-num', render: (_, f) => shown(props.values[f.name]) },
            { title: adminText('after'), className: 'tm-num', render: (_, f) => <strong>{shown(edited[f.name])}</strong> },
          ]}
        />
      ),
      // a refusal is shown by the mutation and closes this confirmation: the form stays open to fix
      onOk: () => save.mutateAsync({ ...props.fixed, ...wire } as never).catch(() => undefined),
    });
  };

  return (
    <>
      <Button
        size="small"
        onClick={() => {
          form.setFieldsValue(props.values);
          setOpen(true);
        }}
      >
        {adminText(props.buttonLabel ?? 'edit')}
      </Button>
      {modalHolder}
      <Modal
        open={open}
        title={props.title}
        okText={adminText('save')}
        cancelText={adminText('cancel')}
        confirmLoading={save.isPending}
        onOk={() => void form.validateFields().then(confirm)}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        width={560}
      >
        <Form form={form} layout="vertical" initialValues={props.values} className="tm-admin-setting-form">
          {props.fields.map((f) =>
            f.kind === 'flag' ? (
              <Form.Item key={f.name} name={f.name} label={adminText(f.label)} valuePropName="checked">
                <Switch aria-label={adminText(f.label)} />
              </Form.Item>
            ) : (
              <Form.Item
                key={f.name}
                name={f.name}
                label={adminText(f.label)}
                extra={f.hint ? adminText(f.hint) : undefined}
                rules={f.kind === 'text' ? [] : [{ required: true, whitespace: true, message: adminText('required') }]}
              >
                <Input aria-label={adminText(f.label)} className={f.kind === 'text' ? 'tm-admin-mono' : 'tm-num'} inputMode={f.kind === 'number' ? 'decimal' : undefined} autoComplete="off" />
              </Form.Item>
            ),
          )}
        </Form>
      </Modal>
    </>
  );
}
