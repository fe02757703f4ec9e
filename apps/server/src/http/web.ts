import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { translate } from '@tidemark/protocol';

/**
 * Serves the built web app, so one process is the whole product. Hashed assets are cached for
 * good; index.html never, so a deploy reaches browsers at once. The build writes a brotli and a
 * gzip copy beside each file, sent by the browser's Accept-Encoding (and Vary says so). Unknown
 * non-API GETs and HEADs get index.html (history-mode routing); unknown API paths get the
 * envelope's not_found.
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
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ type: 'error', code: 'not_found', message: translate(request.lang, 'not_found') });
  });
});
