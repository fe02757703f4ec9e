import type { FormRule } from 'antd';
import {
  ERROR_CODES,
  limits,
  translate,
  zAccount,
  zCode,
  zEmail,
  zNewPassword,
  type ErrorCode,
  type MessageParams,
} from '@tidemark/protocol';
import { language } from '../../i18n';

/** Any protocol schema: its issue messages are rejection codes. */
interface Schema {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}

const isErrorCode = (text: string): text is ErrorCode => (ERROR_CODES as readonly string[]).includes(text);

/** The server's own text for a rejection code, so the form says exactly what the server would. */
export function rejection(code: ErrorCode, params?: MessageParams): string {
  return translate(language, code, params);
}

/** A form rule that runs the schema the server runs on the same field. */
export function schemaRule(schema: Schema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const issue = schema.safeParse(value ?? '').error?.issues[0]?.message;
      if (issue !== undefined) throw new Error(rejection(isErrorCode(issue) ? issue : 'bad_request'));
    },
  };
}

export const accountRules = [schemaRule(zAccount)];
export const emailRules = [schemaRule(zEmail)];
export const codeRules = [schemaRule(zCode)];
/** A password being chosen: 6-16 characters with letters and digits. */
export const newPasswordRules = [schemaRule(zNewPassword)];

/** The login password as typed at login: only its length is checked, as the spec asks. */
export const loginPasswordRules: FormRule[] = [
  { required: true, message: rejection('password_required') },
  { min: limits.loginPasswordLengthMin, message: rejection('password_too_short') },
  { max: limits.loginPasswordLengthMax, message: rejection('password_too_long') },
];

// Phone accounts are checked with the spec's mainland-style pattern; the message is the e-mail one,
// which names both ("the email or phone you entered does not conform to the rules").
const MAINLAND_PHONE = /^1[3-9]\d{9}$/;
export const phoneRules: FormRule[] = [
  ...accountRules,
  { pattern: MAINLAND_PHONE, message: rejection('email_invalid') },
];

/** A repeated password: filled (with the page's own prompt) and equal to `field`. */
export function repeatRules(field: string, requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(field)) throw new Error(rejection('passwords_mismatch'));
      },
    }),
  ];
}
