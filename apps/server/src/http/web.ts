import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { detectLanguage, LANG_COOKIE, LANGS, translate, type Lang } from '@tidemark/protocol';

/**
 * Serves the built web app, so one process is the whole product. Hashed assets are cached for
 * good; index.html never, so a deploy reaches browsers at once. The build writes a brotli and a
 * gzip copy beside each file, sent by the browser's Accept-Encoding (and Vary says so). Unknown
 * non-API GETs and HEADs get index.html (history-mode routing); unknown API paths get the
 * envelope's not_found. The build writes each route a page in each language (its
 * `pages/<route>/<lang>.html`: index.html that names the route's chunks and the language's texts,
 * some prerendered): sent in the visitor's language, the web app's `lang` cookie, else the
 * browser's Accept-Language.
 */
export const webPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const hasWeb = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      // files are looked up per request, so a rebuilt web app is served without a restart
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api') && !request.url.startsWith('/wss');
    if (hasWeb && isPage) {
      reply.header('cache-control', 'no-cache');
      const page = /^\/([a-z]+)\/?(?:\?|$)/.exec(request.url)?.[1];
      const routePage = page && path.join('pages', page, `${visitorLang(request.headers)}.html`);
      if (routePage && fs.existsSync(path.join(distDir, routePage))) {
        return reply.header('vary', 'Accept-Encoding, Accept-Language, Cookie').sendFile(routePage);
      }
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ type: 'error', code: 'not_found', message: translate(request.lang, 'not_found') });
  });
});

const LANG_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([a-z]+)`);

/** The language a page is sent in: the web app's choice (its cookie), else the browser's. */
function visitorLang(headers: { cookie?: string; 'accept-language'?: string }): Lang {
  const chosen = LANG_COOKIE_VALUE.exec(headers.cookie ?? '')?.[1];
  if ((LANGS as readonly (string | undefined)[]).includes(chosen)) return chosen as Lang;
  return detectLanguage(headers['accept-language']?.split(/[,;]/)[0]?.trim() ?? '');
}
