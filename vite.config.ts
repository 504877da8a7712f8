import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { antdShims } from './tools/vite-antd-shims.ts';
import { formValidators } from './tools/vite-form-validators.ts';
import { screenMetaValidator } from './tools/vite-screen-meta-validator.ts';
import { precompressAssets } from './tools/vite-precompress.ts';
import { earlyStartEntry, routeOpeningsModule } from './tools/vite-route-openings.ts';
import { yamlData } from './tools/vite-yaml-plugin.ts';

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const BUILD_ALIASES = [
  // react-i18next imports the useSyncExternalStore shim for React < 18; on React 19 the shim only hands
  // out React's own, so take it from React and leave the shim's fallback out of the login page.
  {
    find: /^use-sync-external-store\/shim$/,
    replacement: local('./src/app/use-sync-external-store-shim.ts'),
  },
  // react-router's package exports point at its development build (dev warnings on); the built app takes
  // its production build (the same code with the warnings off). Both entries, so the two builds are never
  // mixed (react-router-dom imports react-router and react-router/dom).
  { find: /^react-router$/, replacement: local('./node_modules/react-router/dist/production/index.mjs') },
  {
    find: /^react-router\/dom$/,
    replacement: local('./node_modules/react-router/dist/production/dom-export.mjs'),
  },
];

/**
 * A dynamic import's preload list (`__vite__mapDeps`) without the chunks its importer imports
 * statically: those ran before the importer did, so preloading them again fetches nothing; Vite lists
 * them all the same, and the entry chunk, which holds every page's lazy import, carried them in each
 * of its lists. The plugin keeps the bundle at hand for that.
 */
function preloadListsWithoutLoadedChunks(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[], context: { hostId: string }) => string[];
} {
  let bundle: Rollup.OutputBundle | undefined;
  const closure = new Map<string, Set<string>>();
  function staticClosure(fileName: string): Set<string> {
    let found = closure.get(fileName);
    if (found) return found;
    found = new Set();
    closure.set(fileName, found);
    const visit = (name: string) => {
      const chunk = bundle?.[name];
      if (chunk?.type !== 'chunk') return;
      for (const imported of chunk.imports) {
        if (found!.has(imported)) continue;
        found!.add(imported);
        visit(imported);
      }
    };
    visit(fileName);
    return found;
  }
  return {
    plugin: {
      name: 'preload-lists-without-loaded-chunks',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          closure.clear();
        },
      },
    },
    resolveDependencies: (_file, deps, { hostId }) => {
      if (!bundle) return deps;
      const loaded = staticClosure(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}

/** Where the built app serves pdf.js's character maps (renderers/widgets/file-preview/PdfPages.tsx). */
export const PDF_CMAPS_DIR = 'pdfjs/cmaps';

/**
 * pdf.js's character maps, copied into the build: a PDF whose Chinese, Japanese or Korean font is named
 * rather than embedded (the common way for CJK text, and the demo's documents) is unreadable without
 * them. pdf.js fetches the one a document needs, when it needs it (about 1.7 MB in all, a few KB each).
 */
function pdfCharacterMaps(): Plugin {
  return {
    name: 'pdf-character-maps',
    apply: 'build',
    generateBundle() {
      const dir = local('./node_modules/pdfjs-dist/cmaps');
      for (const name of readdirSync(dir).filter((n) => n.endsWith('.bcmap')))
        this.emitFile({
          type: 'asset',
          fileName: `${PDF_CMAPS_DIR}/${name}`,
          source: readFileSync(join(dir, name)),
        });
    },
  };
}

// The API lives under /api on the same server; in `npm run dev` Vite proxies it to a running server.
export default defineConfig(({ command }) => {
  const preloadLists = preloadListsWithoutLoadedChunks();
  return {
    plugins: [
      react(),
      yamlData(),
      formValidators(),
      screenMetaValidator(),
      routeOpeningsModule(),
      earlyStartEntry(),
      antdShims(),
      preloadLists.plugin,
      pdfCharacterMaps(),
      precompressAssets(),
    ],
    server: { proxy: { '/api': 'http://localhost:8080' } },
    // The built app only (`npm run dev`, the tests and Storybook's dev server resolve as the packages say).
    resolve: { alias: command === 'build' ? BUILD_ALIASES : [] },
    build: {
      outDir: 'dist',
      sourcemap: false,
      chunkSizeWarningLimit: 1500,
      modulePreload: {
        // The polyfill is for browsers without <link rel="modulepreload"> (older than Firefox 115 and
        // Safari 17); they load the same modules through the imports, only without the head start.
        polyfill: false,
        resolveDependencies: preloadLists.resolveDependencies,
      },
      rolldownOptions: {
        // Two pages: the back office (index.html) and the light public page (public.html, src/public).
        input: { main: 'index.html', public: 'public.html' },
        treeshake: {
          // antd's rc-components are pure React modules but do not declare it; without this, importing
          // one export of @rc-component/form (antd's Input does) keeps all of it, validators included,
          // in the login page's bundle.
          moduleSideEffects: (id: string) =>
            /[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) ? false : undefined,
        },
      },
    },
  };
});
