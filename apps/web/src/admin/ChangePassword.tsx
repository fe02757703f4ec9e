import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { calls } from '@tidemark/protocol';
import { useToast } from '../components/Toasts';
import { useAdminMutation } from './api';
import NewPasswordFields from './NewPasswordFields';
import { adminText } from './texts';

interface Values {
  old_password: string;
  password: string;
  re_password: string;
  code: string;
}

/** The signed-in staff member's own password: the current one, the new one twice and an authenticator code. */
export default function ChangePassword() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const change = useAdminMutation(calls.adminPassword, {
    onSuccess: (notice) => {
      toast.success(notice);
      form.resetFields();
      setOpen(false);
    },
  });
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {adminText('changePassword')}
      </Button>
      <Modal open={open} title={adminText('changePassword')} onCancel={() => setOpen(false)} onOk={() => form.submit()} okText={adminText('ok')} cancelText={adminText('cancel')} confirmLoading={change.isPending} destroyOnHidden>
        <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => change.mutate({ ...values, code: values.code.trim() })}>
          <Form.Item name="old_password" label={adminText('currentPassword')} rules={[{ required: true, message: adminText('currentPassword') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <NewPasswordFields label="newPassword" />
          <Form.Item name="code" label={adminText('totpCode')} rules={[{ required: true, pattern: /^\s*[0-9]{6}\s*$/, message: adminText('totpHint') }]}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="tm-num" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
