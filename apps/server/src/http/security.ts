import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Browser features the app never uses, so a script injected some day cannot use them either.
 * (Helmet dropped Permissions-Policy, and sends HSTS on every answer or none: these two are set here.)
 */
const PERMISSIONS_POLICY = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'bluetooth', 'interest-cohort']
  .map((feature) => `${feature}=()`)
  .join(', ');

/** HSTS as helmet would send it; a browser only keeps it from an HTTPS answer. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every answer (API, web app, docs, errors). The CSP is what the built web
 * app needs and no more: its scripts and the API and socket are same-origin files; antd writes
 * its theme's variables in `<style>` elements at run time and prerendered pages carry their CSS
 * inline (a nonce cannot reach a static file), so styles allow inline; charts draw on canvas,
 * which needs nothing; images may be data/blob URLs (antd's icons, upload previews). No page may
 * frame the app.
 */
const HELMET: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // over plain HTTP it would mean nothing, and behind a TLS proxy the proxy's protocol decides (below)
  strictTransportSecurity: false,
};

/** helmet's headers for `options`, worked out once: they are the same for every answer, and helmet builds them anew each time. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collect = { setHeader: (name: string, value: string) => void (headers[name] = value), removeHeader: () => undefined };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, () => undefined);
  return headers;
}

export const securityPlugin = fp(async (app) => {
  const headers = { ...headersOf(HELMET), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    // request.protocol follows X-Forwarded-Proto when TRUST_PROXY is set
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
});
