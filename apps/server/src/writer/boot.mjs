// The writer thread run from source (tests, tsx): TypeScript loads through tsx, as in the main thread.
import { register } from 'tsx/esm/api';

register();
await import('../writer-thread.ts');
