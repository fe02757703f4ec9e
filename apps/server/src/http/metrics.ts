import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { httpDuration, registry } from '../metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The route pattern a request matched, so labels stay few (`/api/upload/:name`, not each name). */
export const routeOf = (request: FastifyRequest): string => request.routeOptions.url ?? 'unmatched';

/**
 * Times every request by route, and serves the registry's Prometheus text: on its own port when
 * `metricsPort` is set (for the scraper's network only), else at `/metrics` on the app's port when
 * `metricsToken` is set, never without one of them. With a token, a scrape must bring it as
 * `Authorization: Bearer <token>`.
 */
export const metricsPlugin = fp<{ metricsPort: number | undefined; metricsToken: string | undefined; host: string }>(
  async (app, { metricsPort, metricsToken, host }) => {
    app.addHook('onResponse', async (request, reply) => {
      httpDuration.observe({ route: routeOf(request), method: request.method }, reply.elapsedTime / 1000);
    });

    const expected = metricsToken === undefined ? undefined : digest(metricsToken);
    const allowed = (authorization: string | undefined) => {
      if (!expected) return true;
      const token = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
      return token !== undefined && timingSafeEqual(digest(token), expected);
    };

    if (metricsPort !== undefined) {
      const server = http.createServer((request, response) => {
        if (request.method !== 'GET' || request.url !== '/metrics') return void response.writeHead(404).end();
        if (!allowed(request.headers.authorization)) return void response.writeHead(401).end();
        registry.metrics().then(
          (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
          (error: unknown) => {
            app.log.error({ err: error }, 'metrics');
            response.writeHead(500).end();
          },
        );
      });
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(metricsPort, host, resolve));
      app.addHook('onClose', () => new Promise<void>((resolve) => server.close(() => resolve())));
    } else if (metricsToken !== undefined) {
      app.get('/metrics', async (request, reply) => {
        if (!allowed(request.headers.authorization)) return reply.code(401).send();
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    }
  },
);
