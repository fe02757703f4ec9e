import { Form, Input } from 'antd';
import { limits } from '@tidemark/protocol';
import { adminText, type AdminTextKey } from './texts';

/** A new staff password under the staff rule, typed twice (`password`, `re_password`). */
export default function NewPasswordFields({ label }: { label: AdminTextKey }) {
  return (
    <>
      <Form.Item name="password" label={adminText(label)} rules={[{ required: true, min: limits.staffPasswordLengthMin, message: adminText('passwordRule') }]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="re_password"
        label={adminText('repeatPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: adminText('passwordsDiffer') },
          ({ getFieldValue }) => ({ validator: async (_, value) => { if (value !== getFieldValue('password')) throw new Error(adminText('passwordsDiffer')); } }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
