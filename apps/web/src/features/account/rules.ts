import type { FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { limits, type ErrorCode } from '@tidemark/protocol';
import type { SchemaName } from './checks';

// zod, the schemas and the six languages' rejection texts are most of an account page's weight
// (the login page's first load among them): they load with a form's first check
const loadChecks = () => import('./checks');

/** A form rule that runs the schema the server runs on the same field. */
export function schemaRule(name: SchemaName): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const refusal = (await loadChecks()).schemaRefusal(name, value);
      if (refusal !== undefined) throw new Error(refusal);
    },
  };
}

/** A form rule refusing a value that `refuses` (given the value as typed, '' when empty) with the server's text for `code`. */
export function codeRule(code: ErrorCode, refuses: (value: string) => boolean, options: { required?: boolean } = {}): RuleObject {
  return {
    // marks the field required (aria-required); the check itself is `refuses`
    required: options.required ?? false,
    validator: async (_rule, value: unknown) => {
      if (refuses(value === undefined || value === null ? '' : String(value))) throw new Error((await loadChecks()).rejection(code));
    },
  };
}

export const accountRules = [schemaRule('account')];
export const emailRules = [schemaRule('email')];
export const codeRules = [schemaRule('code')];
/** A password being chosen: 6-16 characters with letters and digits. */
export const newPasswordRules = [schemaRule('newPassword')];

/** The login password as typed at login: only its length is checked, as the spec asks. */
export const loginPasswordRules: FormRule[] = [
  codeRule('password_required', (value) => value === '', { required: true }),
  codeRule('password_too_short', (value) => value !== '' && value.length < limits.loginPasswordLengthMin),
  codeRule('password_too_long', (value) => value.length > limits.loginPasswordLengthMax),
];

// Phone accounts are checked with the spec's mainland-style pattern; the message is the e-mail one,
// which names both ("the email or phone you entered does not conform to the rules").
const MAINLAND_PHONE = /^1[3-9]\d{9}$/;
export const phoneRules: FormRule[] = [...accountRules, codeRule('email_invalid', (value) => value !== '' && !MAINLAND_PHONE.test(value))];

/** A repeated password: filled (with the page's own prompt) and equal to `field`. */
export function repeatRules(field: string, requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => codeRule('passwords_mismatch', (value) => value !== '' && value !== getFieldValue(field)),
  ];
}
