import type { FastifyPluginAsync } from 'fastify';
import { calls, LANGS } from '@tidemark/protocol';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';

export const commonRoutes: FastifyPluginAsync<{ supportUrl: string }> = async (app, { supportUrl }) => {
  route(app, calls.commonConfig, async () => ok({ support_url: supportUrl, languages: [...LANGS] }));
};
