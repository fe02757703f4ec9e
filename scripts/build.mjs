/**
 * Builds what `npm start` runs: the server bundled into plain JavaScript (apps/server/dist) and the
 * web app (apps/web/dist). `--if-stale` builds only a part whose output is missing or older than
 * any of its sources, so `npm start` pays for a build only after a change.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const shared = [at('packages/core/src'), at('packages/protocol/src'), at('package-lock.json')];

const parts = {
  server: {
    output: at('apps/server/dist/main.js'),
    sources: [at('apps/server/src'), at('apps/server/package.json'), ...shared],
    async build() {
      await build({
        // the SQLite writer thread (writer/writer.ts) loads its own entry beside main.js
        entryPoints: { main: at('apps/server/src/main.ts'), 'writer-thread': at('apps/server/src/writer-thread.ts') },
        outdir: path.dirname(this.output),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        logLevel: 'warning',
        // the workspace packages ship TypeScript, so they are bundled; every other package (native
        // better-sqlite3 and argon2 among them) is loaded from node_modules as installed
        plugins: [
          {
            name: 'external-packages',
            setup(b) {
              b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@tidemark/') ? undefined : { path: args.path, external: true }));
            },
          },
        ],
      });
    },
  },
  web: {
    output: at('apps/web/dist/index.html'),
    sources: [at('apps/web/src'), at('apps/web/public'), at('apps/web/index.html'), at('apps/web/vite.config.ts'), at('apps/web/vite.antd-styles.ts'), at('apps/web/prerender.ts'), at('apps/web/manifest.ts'), at('apps/web/package.json'), ...shared],
    build() {
      execFileSync('npm', ['run', 'build', '-w', '@tidemark/web'], { cwd: root, stdio: 'inherit' });
    },
  },
};

/** The newest modification time under a file or folder (0 when it does not exist). */
function newestMs(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMs(path.join(target, entry)));
  return newest;
}

const ifStale = process.argv.includes('--if-stale');
for (const [name, part] of Object.entries(parts)) {
  const builtMs = newestMs(part.output);
  if (ifStale && builtMs > 0 && Math.max(...part.sources.map(newestMs)) <= builtMs) continue;
  const started = Date.now();
  await part.build();
  console.log(`built ${name} in ${Date.now() - started} ms`);
}
