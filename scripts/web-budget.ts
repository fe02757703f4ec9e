/**
 * Fails when the JavaScript a route needs before its first paint grows past its budget. Reads the
 * built web app's manifest (apps/web/dist/.vite/manifest.json): a route's initial JavaScript is
 * the entry chunk, the page's lazily loaded chunk and every chunk either imports statically, and
 * the one language's texts and antd locale the entry loads before it renders (counted as the
 * largest of the six); each is counted by the size of the brotli copy the server sends. Run after
 * `npm run build`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { readManifest, staticChunks, webDist } from '../apps/web/manifest';

/** Brotli KB per route, set a little above what the build reaches so a real growth is caught. */
const BUDGETS_KB = {
  '/login': { page: 'src/pages/Login.tsx', kb: 228 },
  '/exchange': { page: 'src/pages/Exchange.tsx', kb: 192 },
  '/contracts': { page: 'src/pages/Contracts.tsx', kb: 208 },
};

const manifest = readManifest();

/** The size the browser downloads: the brotli copy, or the file itself when too small to compress. */
function brotliBytes(file: string): number {
  const br = path.join(webDist, `${file}.br`);
  return fs.statSync(fs.existsSync(br) ? br : path.join(webDist, file)).size;
}

/** The largest of the chunks whose source matches: one language's file is loaded, whichever it is. */
function largestOf(source: RegExp): string {
  const files = Object.entries(manifest).filter(([key]) => source.test(key)).map(([, chunk]) => chunk.file);
  if (files.length === 0) throw new Error(`web-budget: nothing in the manifest matches ${source} (moved or renamed?)`);
  return files.reduce((largest, file) => (brotliBytes(file) > brotliBytes(largest) ? file : largest));
}
const language = [largestOf(/^src\/i18n\/\w+\.json$/), largestOf(/antd\/es\/locale\/\w+\.js$/)];

let failed = false;
for (const [route, { page, kb }] of Object.entries(BUDGETS_KB)) {
  const chunks = staticChunks(manifest, page, staticChunks(manifest, 'index.html'));
  const js = [...[...chunks].map((chunk) => chunk.file).filter((file) => file.endsWith('.js')), ...language];
  const sizeKb = js.reduce((sum, file) => sum + brotliBytes(file), 0) / 1024;
  const over = sizeKb > kb;
  failed ||= over;
  console.log(`${over ? 'OVER' : 'ok  '} ${route.padEnd(11)} ${sizeKb.toFixed(1).padStart(6)} KB brotli in ${js.length} files (budget ${kb} KB)`);
}
if (failed) {
  console.error('web-budget: a route loads more JavaScript before its first paint than its budget allows');
  process.exit(1);
}
