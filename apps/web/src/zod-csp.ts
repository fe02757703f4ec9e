import { config } from 'zod';

// The server's CSP forbids eval, and zod probes for it (the probe itself is reported as a
// violation) when a schema is built. Imported first by main.tsx, so this runs before any of the
// protocol's schemas exist.
config({ jitless: true });
