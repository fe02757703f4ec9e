import { z } from 'zod';
import { ZEnvelopeOk } from '../envelope';

/** GET /api/common/config: public settings the web app needs before login. */
export const ZCommonConfigResponse = ZEnvelopeOk(
  z.object({ support_url: z.string(), languages: z.array(z.string()) }),
);
export type TCommonConfigResponse = z.infer<typeof ZCommonConfigResponse>;
