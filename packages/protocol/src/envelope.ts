import { z } from 'zod';
import { ERROR_CODES } from './errors';

/** Every answer: HTTP 200 and `{ type, message }`; `type` "999" means the session is gone. */
export const ZEnvelopeError = z.object({
  type: z.enum(['error', '999']),
  code: z.enum(ERROR_CODES),
  message: z.string(),
});
export type TEnvelopeError = z.infer<typeof ZEnvelopeError>;

export function ZEnvelopeOk<T extends z.ZodType>(message: T) {
  return z.object({ type: z.literal('ok'), message });
}
