import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import type { CallSpec } from '../../packages/protocol/src/api';
import { antdTheme, paletteVariables } from './src/theme';
import { antdFolder, antdStaticStyles } from './vite.antd-styles';

/**
 * The web app reads only a call's method, path and flags, never its schemas (the server
 * validates) nor its summary, so its build gets the call table as plain data derived from the
 * protocol's: the schemas, and with them zod, stay out of the trader's first load.
 */
function callTableWithoutSchemas(): Plugin {
  const table = path.resolve(import.meta.dirname, '../../packages/protocol/src/api.ts');
  return {
    name: 'call-table-without-schemas',
    enforce: 'pre',
    async load(id) {
      if (id !== table) return;
      const { module } = await runnerImport<typeof import('../../packages/protocol/src/api')>(table);
      const routes = Object.entries<CallSpec>(module.calls).map(([name, { method, path, auth, money, encoding, answer }]) => [name, { method, path, auth, money, encoding, answer }]);
      return `export const calls = ${JSON.stringify(Object.fromEntries(routes))};`;
    },
  };
}

/** zod as src/zod.ts sets it up (no eval), wherever it is imported; the module itself gets the real one. */
function zodWithoutEval(): Plugin {
  const setup = path.resolve(import.meta.dirname, 'src/zod.ts');
  return {
    name: 'zod-without-eval',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'zod' && importer !== setup ? setup : undefined),
  };
}

const nodeModules = path.resolve(import.meta.dirname, '../../node_modules');

/** What a package's index file re-exports by name: name -> module path (`Button` -> `antd/es/button/index.js`). */
function barrelExports(barrel: string): Map<string, string> {
  const text = fs.readFileSync(path.resolve(nodeModules, barrel), 'utf8');
  const byName = new Map<string, string>();
  for (const [, exported, from] of text.matchAll(/export \{ default as (\w+) \} from ["']\.\/([^"']+)["']/g)) {
    byName.set(exported!, path.posix.join(path.posix.dirname(barrel), from!));
  }
  return byName;
}
const antdExports = barrelExports('antd/es/index.js');

/**
 * `import { Button } from 'antd'` becomes `import Button from 'antd/es/button'` (icons alike), as
 * the packages' own index files map each name: the module graph then names just the components a
 * module uses, which firstLoadChunks reads (through the index, every page would import all of antd).
 * Each antd component also brings its styles, made at build time (vite.antd-styles.ts).
 */
function perComponentImports(): Plugin {
  const modules = new Map([
    ['antd', antdExports],
    ['@ant-design/icons', barrelExports('@ant-design/icons/es/icons/index.js')],
  ]);
  return {
    name: 'per-component-imports',
    enforce: 'pre',
    transform(code, id, options) {
      // a bundling matter: the prerender (server-side) loads the packages as Node does
      if (options?.ssr || !/[\\/]src[\\/].*\.tsx?$/.test(id)) return;
      const out = code.replace(/import \{([^}]*)\} from '(antd|@ant-design\/icons)';/g, (whole, names: string, from: string) => {
        const byName = modules.get(from)!;
        const direct: string[] = [];
        const rest: string[] = [];
        for (const spec of names.split(',').map((part) => part.trim()).filter(Boolean)) {
          const [name, alias = name] = spec.split(/\s+as\s+/);
          const file = byName.get(name!);
          if (file && !spec.startsWith('type ')) {
            direct.push(`import ${alias} from '${file}';`);
            if (from === 'antd') direct.push(`import 'virtual:antd-style/${antdFolder(file)}';`);
          } else rest.push(spec);
        }
        // only types left: a type import, which leaves nothing behind (`import { type T }` would keep the index)
        const types = rest.every((spec) => spec.startsWith('type '));
        const left = types ? `import type { ${rest.map((spec) => spec.slice('type '.length)).join(', ')} } from '${from}';` : `import { ${rest.join(', ')} } from '${from}';`;
        return [...direct, ...(rest.length > 0 ? [left] : [])].join('\n');
      });
      return out === code ? undefined : { code: out, map: null };
    },
  };
}

/**
 * antd's form context, which every input reads, takes rc-form's FormProvider through the package's
 * index, whose statics (`Form.Field = Field`, ...) keep the whole form engine and its validator:
 * the provider's own module is all it needs, so a page with inputs but no form goes without them.
 */
function formContextWithoutEngine(): Plugin {
  return {
    name: 'form-context-without-engine',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@rc-component/form' || !importer || !/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return;
      return this.resolve('@rc-component/form/es/FormContext.js', importer);
    },
  };
}

/**
 * antd's ConfigProvider imports the shared-tooltip provider (and with it rc-trigger, the popup
 * engine) for `tooltip.unique`, a setting this app never makes: the import becomes a pass-through
 * so the first load does without rc-trigger until a page shows a popup.
 */
function withoutUniqueTooltip(): Plugin {
  const stub = '\0unique-tooltip-pass-through';
  return {
    name: 'without-unique-tooltip',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === '../tooltip/UniqueProvider' && importer && /[\\/]antd[\\/]es[\\/]config-provider[\\/]index\.js$/.test(importer) ? stub : undefined,
    load: (id) => (id === stub ? 'export default function UniqueProvider({ children }) { return children; }' : undefined),
  };
}

/**
 * What a page needs before its first paint, in few files (on a phone's network each request costs
 * round trips): all that the entry imports statically in one chunk (every page loads it anyway);
 * what the trading pages' shared market view adds in two more, its components (which the login
 * and account pages mostly use too) and the market feature's own code, with the time formatting its tape
 * shares with every page (format/time.ts). The sets are read from the module graph once
 * the build has it, before the chunks are made.
 */
function firstLoadChunks() {
  const shell = new Set<string>();
  const market = new Set<string>();
  const plugin: Plugin = {
    name: 'first-load-chunks',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (file: string) => ids.find((id) => id.endsWith(file));
      const collect = (id: string | undefined, into: Set<string>, except: Set<string>) => {
        if (id === undefined || into.has(id) || except.has(id)) return;
        // the workspace packages' index files name everything: what they lead to is split as used
        if (/[\\/]packages[\\/]\w+[\\/]src[\\/]index\.ts$/.test(id)) return;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) collect(imported, into, except);
      };
      collect(find('/src/main.tsx'), shell, new Set());
      collect(find('/src/features/market/MarketLayout.tsx'), market, shell);
    },
  };
  const library = (id: string) => /[\\/]node_modules[\\/]/.test(id);
  const marketCode = /[\\/]src[\\/]features[\\/]market[\\/]|[\\/]src[\\/]format[\\/]time\.ts$/;
  const groups = [
    { name: 'shell', test: (id: string) => shell.has(id), priority: 3 },
    { name: 'ui', test: (id: string) => market.has(id) && library(id), priority: 2 },
    { name: 'market', test: (id: string) => market.has(id) && marketCode.test(id), priority: 1, includeDependenciesRecursively: false },
  ];
  return { plugin, groups };
}
const firstLoad = firstLoadChunks();

/** The palette's CSS variables on index.html's root element (theme.ts), there before any script runs. */
function paletteOnRoot(): Plugin {
  return {
    name: 'palette-on-root',
    transformIndexHtml: (html) => html.replace('<html lang="en">', `<html lang="en" style="${paletteVariables().replace(/"/g, '&quot;')}">`),
  };
}

// The API server in development; the SPA talks to it same-origin through these proxies.
const apiServer = { target: 'http://localhost:8080', ws: true };

export default defineConfig({
  // a brotli and a gzip copy beside each text file, which the server sends by Accept-Encoding
  plugins: [callTableWithoutSchemas(), zodWithoutEval(), paletteOnRoot(), perComponentImports(), antdStaticStyles(antdTheme, path.join(nodeModules, 'antd/es'), antdExports), formContextWithoutEngine(), withoutUniqueTooltip(), firstLoad.plugin, react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: /\.vite\// })],
  server: { proxy: { '/api': apiServer, '/wss': apiServer } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // which chunks each page loads, read by the size budget check (scripts/web-budget.ts)
    manifest: true,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // antd's helper packages declare no sideEffects, so a module imported for one export (the
      // form context every input reads) would bring its whole package; they have none
      treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) },
      output: {
        // React and its router change least often: one chunk that stays cached across deploys;
        // then the first load's two chunks; everything else (antd per component, pages, the chart,
        // the staff console) is split by what imports it
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 4 }, ...firstLoad.groups],
        },
      },
    },
  },
});
