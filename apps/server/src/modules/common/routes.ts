import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LANGS, ZCommonConfigResponse } from '@tidemark/protocol';
import { ok } from '../../http/envelope';

export const commonRoutes: FastifyPluginAsyncZod<{ supportUrl: string }> = async (app, { supportUrl }) => {
  app.get(
    '/api/common/config',
    { schema: { tags: ['common'], summary: 'Public settings for the web app', response: { 200: ZCommonConfigResponse } } },
    async () => ok({ support_url: supportUrl, languages: [...LANGS] }),
  );
};
