import { Button, Form, Input, Switch, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { calls, LANGS, type TAdminNoticeRow } from '@tidemark/protocol';
import { LANGUAGE_INFO } from '../i18n/language';
import { language } from '../i18n';
import { formatTime, timeTitle } from '../format/time';
import { useAdminMutation } from './api';
import { pagedTable, useQueue } from './parts';
import { adminText } from './texts';
import { useToast } from '../components/Toasts';

type Values = Record<string, string | boolean>;

/** Notices in the six languages: the list, and a form to write a new one or change the chosen one. */
export default function Notices({ isAdmin }: { isAdmin: boolean }) {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string>();
  const [form] = Form.useForm<Values>();
  const list = useQueue(calls.adminNotices, { page: String(page) });
  const save = useAdminMutation(calls.adminNoticeSave, {
    onSuccess: () => {
      toast.success(adminText('saved'));
      setEditing(undefined);
      form.resetFields();
    },
  });
  const edit = (n: TAdminNoticeRow) => {
    setEditing(n.id);
    form.setFieldsValue({ published: n.published, ...Object.fromEntries(LANGS.flatMap((l) => [[`title_${l}`, n.texts[l]?.title ?? ''], [`body_${l}`, n.texts[l]?.body ?? '']])) });
  };
  const required = [{ required: true, whitespace: true, message: adminText('noticeRequired') }];

  return (
    <>
      {isAdmin && (
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ published: false }}
          onFinish={({ published, ...texts }) =>
            save.mutate({ ...(editing ? { id: editing } : {}), published: published ? '1' : '0', ...(texts as Record<`${'title' | 'body'}_${(typeof LANGS)[number]}`, string>) })
          }
          className="tm-admin-notice-form"
        >
          <Tabs
            size="small"
            items={LANGS.map((lang) => ({
              key: lang,
              label: LANGUAGE_INFO[lang].name,
              forceRender: true,
              children: (
                <>
                  <Form.Item name={`title_${lang}`} label={adminText('noticeTitle')} rules={required}>
                    <Input maxLength={120} />
                  </Form.Item>
                  <Form.Item name={`body_${lang}`} label={adminText('noticeBody')} rules={required}>
                    <Input.TextArea autoSize={{ minRows: 3, maxRows: 10 }} maxLength={5000} />
                  </Form.Item>
                </>
              ),
            }))}
          />
          <Form.Item name="published" label={adminText('published')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>{editing ? adminText('saveNotice') : adminText('newNotice')}</Button>
          {editing && <Button type="link" onClick={() => { setEditing(undefined); form.resetFields(); }}>{adminText('cancel')}</Button>}
        </Form>
      )}
      <Table<TAdminNoticeRow>
        rowKey="id"
        size="middle"
        {...pagedTable(list, page, setPage)}
        columns={[
          { title: '#', dataIndex: 'id', width: 70 },
          { title: adminText('noticeTitle'), render: (_, n) => n.texts[language]?.title ?? n.texts.en?.title },
          { title: adminText('status'), render: (_, n) => (n.published ? <Tag color="green">{adminText('published')}</Tag> : <Tag>{adminText('draft')}</Tag>) },
          { title: timeTitle(adminText('time')), render: (_, n) => formatTime(n.updated_ms) },
          { title: adminText('actions'), render: (_, n) => (isAdmin ? <Button size="small" onClick={() => edit(n)}>{adminText('edit')}</Button> : null) },
        ]}
      />
    </>
  );
}
