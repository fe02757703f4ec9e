import { ERROR_CODES, zAccount, zCode, zEmail, zNewPassword, ZPayPasswordRequest, ZRealNameRequest, type ErrorCode } from '@tidemark/protocol';
import { rejection } from '../../api/rejection';

/** The schemas the server runs on the account forms' fields; their issue messages are rejection codes. */
const SCHEMAS = {
  account: zAccount,
  email: zEmail,
  code: zCode,
  newPassword: zNewPassword,
  payPassword: ZPayPasswordRequest.shape.pay_password,
  realName: ZRealNameRequest.shape.name,
  cardId: ZRealNameRequest.shape.card_id,
};
export type SchemaName = keyof typeof SCHEMAS;

const isErrorCode = (text: string): text is ErrorCode => (ERROR_CODES as readonly string[]).includes(text);

/** What the server would answer to `value` in the field of schema `name`, if it refuses it. */
export function schemaRefusal(name: SchemaName, value: unknown): string | undefined {
  const issue = SCHEMAS[name].safeParse(value ?? '').error?.issues[0]?.message;
  return issue === undefined ? undefined : rejection(isErrorCode(issue) ? issue : 'bad_request');
}

export { rejection };
