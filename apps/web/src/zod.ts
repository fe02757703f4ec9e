import { config } from 'zod';

// The server's CSP forbids eval, and zod probes for it (the probe itself is reported as a
// violation) when a schema is built. The build resolves every import of zod to this module (see
// vite.config.ts), so the setting is made before any schema exists, and only by the pages that
// build schemas: zod is not part of the first load.
config({ jitless: true });

export * from 'zod';
