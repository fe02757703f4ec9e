import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { calls, STAFF_ROLES, type StaffRole, type TAdminStaffInvite, type TAdminStaffRow } from '@tidemark/protocol';
import { formatTime, timeTitle } from '../format/time';
import { adminCall, useAdminMutation } from './api';
import { adminText } from './texts';
import { useToast } from '../components/Toasts';

const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: adminText(`role_${role}`) }));

/** Staff accounts, for admins: add one (answered with their invite link), change a role, a new invite for a lost password, reset a lost authenticator. */
export default function Staff({ selfId }: { selfId: string }) {
  const toast = useToast();
  const [form] = Form.useForm<{ email: string; role: StaffRole }>();
  const [invite, setInvite] = useState<TAdminStaffInvite>();
  const list = useQuery({ queryKey: ['admin', 'staff'], queryFn: () => adminCall(calls.adminStaffList, undefined) });
  const saved = () => toast.success(adminText('saved'));
  const create = useAdminMutation(calls.adminStaffCreate, { onSuccess: (made) => { setInvite(made); form.resetFields(); } });
  const role = useAdminMutation(calls.adminStaffRole, { onSuccess: saved });
  const reset = useAdminMutation(calls.adminStaffResetTotp, { onSuccess: saved });
  const reinvite = useAdminMutation(calls.adminStaffResetPassword, { onSuccess: setInvite });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Form form={form} layout="inline" onFinish={(values) => create.mutate(values)} initialValues={{ role: 'reviewer' }}>
        <Form.Item name="email" rules={[{ required: true, type: 'email', message: adminText('email') }]}>
          <Input placeholder={adminText('email')} aria-label={adminText('email')} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item name="role">
          <Select options={roleOptions} style={{ width: 160 }} aria-label={adminText('role')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>{adminText('addStaff')}</Button>
      </Form>
      <Table<TAdminStaffRow>
        rowKey="id"
        size="middle"
        loading={list.isFetching}
        pagination={false}
        dataSource={list.data ?? []}
        columns={[
          { title: '#', dataIndex: 'id', width: 80 },
          { title: adminText('email'), dataIndex: 'email' },
          {
            title: adminText('role'),
            render: (_, s) => (s.id === selfId ? <Tag>{adminText(`role_${s.role}`)}</Tag> : <Select size="small" value={s.role} options={roleOptions} style={{ width: 160 }} onChange={(next: StaffRole) => role.mutate({ id: s.id, role: next })} />),
          },
          { title: adminText('totpCode'), render: (_, s) => (s.totp_set ? <Tag color="green">{adminText('totpOn')}</Tag> : <Tag>{adminText('totpPending')}</Tag>) },
          { title: timeTitle(adminText('created')), render: (_, s) => formatTime(s.created_ms) },
          {
            title: adminText('actions'),
            render: (_, s) =>
              s.id === selfId ? null : (
                <Space size={8}>
                  <Popconfirm title={adminText('confirmNewInvite')} okText={adminText('ok')} cancelText={adminText('cancel')} onConfirm={() => reinvite.mutateAsync({ id: s.id })}>
                    <Button size="small">{adminText('newInvite')}</Button>
                  </Popconfirm>
                  {s.totp_set && (
                    <Popconfirm title={adminText('confirmResetTotp')} okText={adminText('ok')} cancelText={adminText('cancel')} onConfirm={() => reset.mutateAsync({ id: s.id })}>
                      <Button size="small" danger>{adminText('resetTotp')}</Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
          },
        ]}
      />
      <Modal open={invite !== undefined} title={adminText('inviteLink')} onCancel={() => setInvite(undefined)} footer={<Button onClick={() => setInvite(undefined)}>{adminText('ok')}</Button>}>
        {invite && (
          <>
            <Typography.Paragraph>{adminText('inviteLinkHint', { email: invite.email, time: formatTime(invite.expires_ms) })}</Typography.Paragraph>
            <Typography.Paragraph copyable className="tm-admin-mono" data-testid="invite-link">
              {`${window.location.origin}${invite.invite_path}`}
            </Typography.Paragraph>
          </>
        )}
      </Modal>
    </Space>
  );
}
