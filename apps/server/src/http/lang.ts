import fp from 'fastify-plugin';
import { DEFAULT_LANG, parseLang, type Lang } from '@tidemark/protocol';

declare module 'fastify' {
  interface FastifyRequest {
    /** the language of every message in the answer, from the `lang` header */
    lang: Lang;
  }
}

export const langPlugin = fp(async (app) => {
  app.decorateRequest('lang', DEFAULT_LANG);
  app.addHook('onRequest', async (request) => {
    request.lang = parseLang(request.headers.lang);
  });
});
