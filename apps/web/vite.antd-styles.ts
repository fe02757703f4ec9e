import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as Cssinjs from '@ant-design/cssinjs';
import type * as StaticStyleExtract from '@ant-design/static-style-extract';
import type * as Antd from 'antd';
import type * as React from 'react';
import type { Plugin } from 'vite';

// one copy of each, as static-style-extract itself loads them: a StyleProvider from another copy
// of cssinjs than the components' would not collect their styles
const require = createRequire(import.meta.url);
const { createCache, extractStyle: extractCache, StyleProvider } = require('@ant-design/cssinjs') as typeof Cssinjs;
const { extractStyle } = require('@ant-design/static-style-extract') as typeof StaticStyleExtract;
const { ConfigProvider } = require('antd') as typeof Antd;
const { createElement } = require('react') as typeof React;

/**
 * antd's styles as CSS files made at build time, so the browser does not make them while it
 * renders (antd's zero-runtime mode, `theme.zeroRuntime`, which the app turns on): each antd
 * component the app imports brings, through `virtual:antd-style/<folder>`, the styles of that
 * component and of the components it renders, rendered with the app's own theme by antd's
 * static-style-extract. Each style entry is its own file, named by its content, so a style two
 * components share is loaded once, with whichever chunk needs it first. The styles sit in the
 * `antd` cascade layer: the app's own (unlayered) CSS overrides them in whatever order the files
 * arrive.
 */
/** `antd/es/button` (a module the app imports) -> `button`, the folder whose styles it brings. */
export function antdFolder(module: string): string | undefined {
  return /^antd\/es\/([^/]+)/.exec(module)?.[1];
}

export function antdStaticStyles(theme: Antd.ThemeConfig, antdEs: string, names: Map<string, string>): Plugin {
  const prefix = 'virtual:antd-style/';
  const outDir = path.resolve(import.meta.dirname, '../../node_modules/.cache/antd-style');
  // folder -> the exported component names whose entry is in it (Button, Input, ...)
  const namesByFolder = new Map<string, string[]>();
  for (const [name, file] of names) {
    const folder = antdFolder(file);
    if (folder) namesByFolder.set(folder, [...(namesByFolder.get(folder) ?? []), name]);
  }
  const modules = new Map<string, string>();

  /** The component folders that a folder's code renders: its own and those its modules import as components. */
  function rendered(folder: string): Set<string> {
    const seen = new Set<string>();
    const visit = (next: string) => {
      if (seen.has(next) || !namesByFolder.has(next) || next === 'config-provider') return;
      seen.add(next);
      for (const file of fs.readdirSync(path.join(antdEs, next), { recursive: true, encoding: 'utf8' })) {
        if (!file.endsWith('.js')) continue;
        const from = path.join(antdEs, next, path.dirname(file));
        const text = fs.readFileSync(path.join(antdEs, next, file), 'utf8');
        for (const [, spec] of text.matchAll(/from '(\.\.?\/[^']+)'/g)) {
          // another component's entry (`../pagination`, `../tooltip/index`), not a piece of one (`../modal/locale`)
          const target = path.relative(antdEs, path.resolve(from, spec!));
          if (!target.includes(path.sep)) visit(target);
          else if (target.endsWith(`${path.sep}index`) || target.endsWith(`${path.sep}index.js`)) visit(folderOf(target)!);
        }
      }
    };
    visit(folder);
    return seen;
  }

  /** The CSS files of the styles a folder's components register, in antd's own order. */
  function styleFiles(folder: string): string[] {
    const includes = [...rendered(folder)].flatMap((each) => namesByFolder.get(each) ?? []);
    const cache = createCache();
    extractStyle({
      includes,
      customTheme: (node: React.ReactElement) => createElement(StyleProvider, { cache, layer: true }, createElement(ConfigProvider, { theme }, node)),
    });
    const all = extractCache(cache, { plain: true });
    const entries = [...cache.cache.keys()].map((key) => {
      const one = { ...cache, cache: new Map([[key, cache.cache.get(key)!]]), extracted: new Set<string>() } as typeof cache;
      return extractCache(one, { plain: true }).replace(/\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}$/, '');
    });
    fs.mkdirSync(outDir, { recursive: true });
    return entries
      .filter((css) => css.length > 0)
      .sort((a, b) => all.indexOf(a) - all.indexOf(b))
      .map((css) => {
        const file = path.join(outDir, `${crypto.createHash('sha256').update(css).digest('hex').slice(0, 16)}.css`);
        if (!fs.existsSync(file)) fs.writeFileSync(file, css);
        return file;
      });
  }

  return {
    name: 'antd-static-styles',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith(prefix) ? `\0${source}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return;
      const folder = id.slice(prefix.length + 1);
      if (!modules.has(folder)) modules.set(folder, styleFiles(folder).map((file) => `import ${JSON.stringify(file)};`).join('\n'));
      return modules.get(folder);
    },
  };
}

/** `button/index.js` -> `button`; files at antd's top level have none. */
function folderOf(relative: string): string | undefined {
  const [folder, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? folder : undefined;
}
