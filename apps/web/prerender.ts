/**
 * Each route's HTML page in each language, written at build time (run after `vite build`); the
 * server sends the visitor's language (its `lang` cookie, else Accept-Language) and index.html
 * for anything else.
 *
 * A page the app renders names, in its head, the chunks and CSS of its route and the language's
 * texts, so the browser asks for them with the entry's, not once the entry has run and asked (a
 * round trip and the entry's run later on a phone).
 *
 * The pages a visitor opens first are also prerendered: the browser paints the page as soon as
 * the HTML and its CSS arrive, before any JavaScript has run, and the app then renders over it.
 * Each is the app itself, run in a simulated DOM (happy-dom) on Vite's server-side module loader,
 * so nothing is written twice; the copy is inert (it takes no input until the app has replaced
 * it). Each page and language renders in its own process: the app chooses its language once, when
 * it loads.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LANGS, type Lang } from '@tidemark/protocol';
import { readManifest, staticChunks, webDist, type Manifest, type ManifestChunk } from './manifest';
import { MOBILE_QUERY } from './src/hooks/useIsMobile';
import { ROUTE_PAGES } from './src/routes';

/**
 * Each page prerendered, with what shows it has rendered (not its loading state). A page with a
 * phone and a desktop layout is rendered in both, each shown at the widths it is for. What
 * depends on the session is left out of the copy (SESSION_KNOWN).
 */
const PRERENDERED = [
  { route: '/login', page: 'src/pages/Login.tsx', ready: '.tm-auth-card form', layouts: false },
  { route: '/exchange', page: 'src/pages/Exchange.tsx', ready: '.tm-mk-legend', layouts: true },
];

/** Window widths the two layouts render at, either side of the app's switch (hooks/useIsMobile.ts). */
const LAYOUT_WIDTHS = { phone: 390, desk: 1400 };

interface Rendered {
  html: string;
  title: string;
  tag: string;
}

/** Runs the app at `route` in `lang` in a window `width` wide and answers the root's markup once `ready` matches. */
async function renderInThisProcess(route: string, lang: Lang, ready: string, width: number): Promise<Rendered> {
  const { createServer } = await import('vite');
  const { GlobalRegistrator } = await import('@happy-dom/global-registrator');
  const server = await createServer({
    configFile: path.join(import.meta.dirname, 'vite.config.ts'),
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    // a component imported lazily by its own module (`antd/es/dropdown`) comes through antd's
    // index, as Node loads it, like every other antd import here: the ES module file itself
    // reached React as a module object, not a component
    plugins: [
      {
        name: 'antd-components-through-index',
        enforce: 'pre',
        resolveId: (source) => (/^antd\/es\/[a-z-]+$/.test(source) ? `\0${source}` : undefined),
        load(id) {
          const folder = /^\0antd\/es\/([a-z-]+)$/.exec(id)?.[1];
          if (!folder) return;
          const name = folder.replace(/(^|-)([a-z])/g, (_, __, letter: string) => letter.toUpperCase());
          return `export { ${name} as default } from 'antd';`;
        },
      },
    ],
    // nothing is bundled for a browser here; a cache of its own, since the languages render side by side
    optimizeDeps: { noDiscovery: true, include: [] },
    cacheDir: fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-prerender-')),
  });
  // after Vite has started: the simulated window replaces timers Vite itself relies on while starting
  GlobalRegistrator.register({ url: `http://localhost${route}`, width, height: 900 });
  localStorage.setItem('lang', lang);
  document.body.innerHTML = '<div id="root"></div>';
  await server.ssrLoadModule('/src/main.tsx');
  const root = document.getElementById('root')!;
  for (let waited = 0; !root.querySelector(ready); waited += 20) {
    if (waited > 30_000) throw new Error(`prerender: ${route} in ${lang} never showed ${ready}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  fs.rmSync(server.config.cacheDir, { recursive: true, force: true });
  return { html: root.innerHTML, title: document.title, tag: document.documentElement.lang };
}

/**
 * All the CSS a page paints with (the entry's and the page's chunks'), to go inline, so it paints
 * with the HTML, with no request before it; the page's CSS files load again with their chunks,
 * from the cache they then fill.
 */
function pageCss(manifest: Manifest, page: string): string {
  const files = [...new Set([...staticChunks(manifest, 'index.html'), ...staticChunks(manifest, page)].flatMap((chunk) => chunk.css ?? []))];
  return files.map((file) => fs.readFileSync(path.join(webDist, file), 'utf8')).join('');
}

/**
 * The links a route's page adds to index.html's head: its chunks and their CSS (those the entry
 * does not already name). The app's own loading then finds them asked for, or there (Vite's
 * loader skips a stylesheet the page already has).
 */
function routeLinks(manifest: Manifest, entry: Set<ManifestChunk>, page: string): string[] {
  const chunks = [...staticChunks(manifest, page)].filter((chunk) => !entry.has(chunk));
  const css = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))];
  return [...chunks.map((chunk) => modulePreload(chunk.file)), ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)];
}

const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

/** The link to the language's texts, which the entry loads before its first render. */
function textsLink(manifest: Manifest, lang: Lang): string {
  const texts = manifest[`src/i18n/${lang}.json`];
  if (!texts) throw new Error(`prerender: no texts chunk for ${lang} in the manifest`);
  return modulePreload(texts.file);
}

/** A route's page: index.html with its links in the head. */
const pageHtml = (index: string, links: string[]): string => index.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);

/**
 * A prerendered page: index.html with its markup, title, language and CSS inline. No links: it
 * paints from its HTML, and its chunks would share the network with that paint (asked for with
 * the HTML, they arrive and run before the browser first paints).
 */
function prerenderedHtml(index: string, css: string, rendered: Rendered): string {
  const escaped = rendered.title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return index
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
    .replace(/<html lang="[^"]*"/, `<html lang="${rendered.tag}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escaped}</title>`)
    .replace('</head>', `  <style>${css}</style>\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root"><div class="tm-prerendered" inert>${rendered.html}</div></div>`);
}

/** Both layouts' copies, each shown only at the widths the app would show it at. */
function bothLayouts(phone: Rendered, desk: Rendered): Rendered {
  return { ...desk, html: `<div class="tm-pre-phone">${phone.html}</div><div class="tm-pre-desk">${desk.html}</div>` };
}
const LAYOUTS_CSS = `@media ${MOBILE_QUERY}{.tm-pre-desk{display:none}}@media not all and ${MOBILE_QUERY}{.tm-pre-phone{display:none}}`;

/** Where the server looks for a route's page in a language (apps/server's http/web.ts). */
const pageFile = (dist: string, route: string, lang: Lang) => path.join(dist, 'pages', route, `${lang}.html`);

function writePage(route: string, lang: Lang, html: string): void {
  const file = pageFile(webDist, route, lang);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, html);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(html));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(html, { level: 9 }));
}

async function main(): Promise<void> {
  const [route, lang, width] = process.argv.slice(2);
  if (route && lang && width) {
    const { ready } = PRERENDERED.find((page) => page.route === route)!;
    process.stdout.write(JSON.stringify(await renderInThisProcess(route, lang as Lang, ready, Number(width))));
    process.exit(0);
  }
  const started = Date.now();
  const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const manifest = readManifest();
  const entry = staticChunks(manifest, 'index.html');
  const run = promisify(execFile);
  // each render in its own process, as many at once as there are cores
  const queue: (() => Promise<void>)[] = [];
  const render = (page: (typeof PRERENDERED)[number], lang: Lang, width: number) =>
    new Promise<Rendered>((resolve, reject) =>
      queue.push(() =>
        run(process.execPath, ['--import', 'tsx', import.meta.filename, page.route, lang, String(width)], {
          env: { ...process.env, NODE_ENV: 'production' },
          maxBuffer: 16 << 20,
        }).then(({ stdout }) => resolve(JSON.parse(stdout) as Rendered), reject),
      ),
    );
  const written = PRERENDERED.flatMap((page) => {
    const css = pageCss(manifest, page.page) + (page.layouts ? LAYOUTS_CSS : '');
    return LANGS.map(async (lang) => {
      const rendered = page.layouts
        ? bothLayouts(...(await Promise.all([render(page, lang, LAYOUT_WIDTHS.phone), render(page, lang, LAYOUT_WIDTHS.desk)])))
        : await render(page, lang, LAYOUT_WIDTHS.desk);
      writePage(page.route.slice(1), lang, prerenderedHtml(index, css, rendered));
    });
  });
  for (const [route, page] of Object.entries(ROUTE_PAGES)) {
    if (PRERENDERED.some((each) => each.route === `/${route}`)) continue;
    const links = routeLinks(manifest, entry, `src/pages/${page}.tsx`);
    for (const lang of LANGS) writePage(route, lang, pageHtml(index, [textsLink(manifest, lang), ...links]));
  }
  const worker = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) await job();
  };
  await Promise.all([...written, ...Array.from({ length: Math.max(1, os.availableParallelism()) }, worker)]);
  console.log(`wrote every route's page, prerendered ${PRERENDERED.map((page) => page.route).join(', ')} in ${LANGS.length} languages in ${Date.now() - started} ms`);
}

if (import.meta.filename === process.argv[1]) await main();
