import { ConfigProvider, Form, type FormInstance, type FormProps } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';

type Props<Values> = Omit<FormProps<Values>, 'children'> & { children: ReactNode };

// Denser than antd's default rhythm, as trading screens are.
const DENSE = { components: { Form: { itemMarginBottom: 16, verticalLabelPadding: '0 0 4px' } } };

/** The account forms' common look: labels above fields, no asterisks, scroll to the first error. */
export default function AccountForm<Values>(props: Props<Values>) {
  return (
    <ConfigProvider theme={DENSE}>
      <Form<Values> layout="vertical" requiredMark={false} scrollToFirstError {...props} />
    </ConfigProvider>
  );
}

/**
 * Validates some fields before a side call (sending a code); the form shows any failure itself,
 * and the first failing field is scrolled into view.
 */
export async function fieldsValid(form: FormInstance, names: NamePath[]): Promise<boolean> {
  try {
    await form.validateFields(names);
    return true;
  } catch (failure) {
    const first = (failure as { errorFields?: { name: NamePath }[] }).errorFields?.[0];
    if (first) form.scrollToField(first.name, { block: 'center' });
    return false;
  }
}
