// The boundary rules of eslint.config.js fire: each refuses a probe import across its boundary
// with its message, and lets an import on the allowed side through.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The boundary messages a file at `file` (from the repository root) gets for importing `from`. */
async function refusals(file: string, from: string, typeOnly = false): Promise<string[]> {
  const source = typeOnly ? `import type { Probe } from '${from}';\nexport type { Probe };\n` : `import { probe } from '${from}';\nexport { probe };\n`;
  const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

interface Boundary {
  file: string;
  refused: string;
  /** a part of the rule's message */
  message: string;
  allowed: string;
  typeOnly?: boolean;
}

const boundaries: Record<string, Boundary[]> = {
  'core and protocol leave their package only by a package name': [
    { file: 'packages/core/src/probe.ts', refused: '../../protocol/src/limits', message: 'packages/core never leaves its package by a relative path', allowed: './money' },
    { file: 'packages/core/src/lever/probe.ts', refused: '../../../../apps/server/src/clock', message: 'packages/core never leaves its package by a relative path', allowed: '../market/rng' },
    { file: 'packages/protocol/src/calls/probe.ts', refused: '../../../core/src/money', message: 'packages/protocol never leaves its package by a relative path', allowed: '@tidemark/core' },
  ],
  'core and protocol import no I/O': [
    { file: 'packages/core/src/probe.ts', refused: 'node:fs', message: 'packages/core is pure', allowed: 'sorted-btree' },
    { file: 'packages/core/src/market/probe.ts', refused: 'kysely', message: 'packages/core is pure', allowed: '../money' },
    { file: 'packages/protocol/src/probe.ts', refused: 'fs', message: 'packages/protocol is pure', allowed: 'zod' },
    { file: 'packages/protocol/src/calls/probe.ts', refused: 'fastify', message: 'packages/protocol is pure', allowed: '../limits' },
  ],
  'the web app does not import the server': [
    { file: 'apps/web/src/probe.ts', refused: '@tidemark/server', message: 'the web app never imports the server', allowed: '@tidemark/protocol' },
    { file: 'apps/web/src/features/spot/probe.tsx', refused: '../../../../server/src/app', message: 'the web app never imports the server', allowed: '../../api/client' },
  ],
  'modules do not import engine/ or realtime/': [
    { file: 'apps/server/src/modules/spot/probe.ts', refused: '../../engine/market/market', message: 'modules never import the engine or realtime', allowed: '../ledger/service' },
    { file: 'apps/server/src/modules/lever/probe.ts', refused: '../../realtime/lever-trade', message: 'modules never import the engine or realtime', allowed: '../../db/transaction' },
  ],
  'db/, http/ and writer/ do not import modules/, engine/ or realtime/': [
    { file: 'apps/server/src/db/probe.ts', refused: '../modules/ledger/queries', message: 'db/, http/ and writer/ never import', allowed: './database' },
    { file: 'apps/server/src/http/probe.ts', refused: '../modules/session/service', message: 'db/, http/ and writer/ never import', allowed: '../db/idempotency' },
    { file: 'apps/server/src/http/probe.ts', refused: '../realtime/socket', message: 'db/, http/ and writer/ never import', allowed: '../writer/jobs', typeOnly: true },
    { file: 'apps/server/src/writer/probe.ts', refused: '../engine/lead', message: 'db/, http/ and writer/ never import', allowed: '../db/lead' },
  ],
  'engine/ does not import realtime/ or a routes file': [
    { file: 'apps/server/src/engine/lever/probe.ts', refused: '../../realtime/lever-trade', message: 'engine/ never imports realtime/', allowed: '../hosted', typeOnly: true },
    { file: 'apps/server/src/engine/spot/probe.ts', refused: '../../modules/spot/routes', message: 'engine/ never imports a routes file', allowed: '../../modules/spot/service' },
    { file: 'apps/server/src/engine/probe.ts', refused: '../modules/wallet/routes/index', message: 'engine/ never imports a routes file', allowed: '../modules/leadership/service' },
  ],
};

describe('import boundaries', () => {
  for (const [rule, probes] of Object.entries(boundaries)) {
    it(rule, async () => {
      for (const { file, refused, message, allowed, typeOnly } of probes) {
        expect(await refusals(file, refused, typeOnly), `${file} importing ${refused}`).toEqual([expect.stringContaining(message)]);
        expect(await refusals(file, allowed, typeOnly), `${file} importing ${allowed}`).toEqual([]);
      }
    });
  }
});
