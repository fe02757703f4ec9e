import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

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
 * inline (a nonce cannot reach a static file), so styles allow inline; charts draw on canvas, which needs nothing; images may be data/blob URLs
 * (antd's icons, upload previews). No page may frame the app.
 */
export const securityPlugin = fp(async (app) => {
  await app.register(helmet, {
    global: true,
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
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    // request.protocol follows X-Forwarded-Proto when TRUST_PROXY is set
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
});
