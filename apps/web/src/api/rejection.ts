import { translate, type ErrorCode, type MessageParams } from '@tidemark/protocol';
import { language } from '../i18n';

/** The server's own text for a rejection code, so the page says exactly what the server would. */
export function rejection(code: ErrorCode, params?: MessageParams): string {
  return translate(language, code, params);
}
