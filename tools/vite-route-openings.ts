/**
 * `import { ROUTE_OPENINGS } from 'virtual:route-openings'`: tools/route-openings.ts's table, for the
 * page's start (src/boot/early-start.ts). Rebuilt when a menu or screen file changes.
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { SCHEMAS_DIR } from '../schemas/catalogue.ts';
import { routeOpenings, startRequests } from './route-openings.ts';

const ID = 'virtual:route-openings';
const RESOLVED = `\0${ID}`;
const SCREENS_DIR = join(SCHEMAS_DIR, 'screens');

export function routeOpeningsModule(): Plugin {
  return {
    name: 'route-openings',
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    load(id) {
      if (id !== RESOLVED) return undefined;
      const openings = routeOpenings();
      // The screens' own files, imported as the screen loader imports them (the same chunks), so the
      // start fetches a route's screen beside everything else instead of after the loader.
      const screens = [...new Set(Object.values(openings).map((o) => o.screen))].sort();
      const loaders = screens
        .map(
          (name) =>
            `${JSON.stringify(name)}: () => import(${JSON.stringify(join(SCREENS_DIR, `${name}.yaml`))})`,
        )
        .join(',\n');
      return `export const ROUTE_OPENINGS = ${JSON.stringify(openings)};\nexport const START_REQUESTS = ${JSON.stringify(startRequests())};\nexport const SCREEN_FILES = {\n${loaders}\n};`;
    },
    handleHotUpdate({ file, server }) {
      if (!/schemas\/(menus|screens)\//.test(file)) return;
      const module = server.moduleGraph.getModuleById(RESOLVED);
      if (module) server.moduleGraph.invalidateModule(module);
    },
  };
}

const EARLY_ENTRY = 'src/boot/early-start.ts';
const EARLY_NAME = 'early-start';

/**
 * The page's start as an entry of its own (src/boot/early-start.ts), loaded `async` from index.html
 * so it runs as soon as its few KB arrive — not after the app's whole first graph, as a module the
 * app's entry imported would. Vite merges an HTML page's module scripts into one entry, so the tag is
 * put in after the build, naming the built file.
 */
export function earlyStartEntry(): Plugin {
  let building = false;
  return {
    name: 'early-start-entry',
    config(_config, { command }) {
      building = command === 'build';
    },
    options(options) {
      if (!building) return undefined;
      const input = options.input;
      if (input && typeof input === 'object' && !Array.isArray(input))
        return { ...options, input: { ...input, [EARLY_NAME]: EARLY_ENTRY } };
      return undefined;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('index.html')) return undefined;
        const chunk = Object.values(context.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.name === EARLY_NAME,
        );
        const src = chunk ? `/${chunk.fileName}` : building ? undefined : `/${EARLY_ENTRY}`;
        if (!src) return undefined;
        // First of the page's scripts, so the browser asks for it first.
        const tag = `<script type="module" async crossorigin src="${src}"></script>\n    `;
        const at = html.indexOf('<script type="module"');
        return at < 0 ? html.replace('</head>', `${tag}</head>`) : html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}
