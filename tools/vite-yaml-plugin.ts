/**
 * `import x from './file.yaml'` gives the parsed data, converted at build time so the browser never
 * ships a YAML parser for it: the locales (needed by the light login page) and the screen files
 * (needed by every screen). Imports with a query (`?raw`) are left to Vite. Used by vite.config.ts
 * and vitest.config.ts.
 */
import type { Plugin } from 'vite';
import { parse } from 'yaml';

export function yamlData(): Plugin {
  return {
    name: 'yaml-data',
    transform(code, id) {
      if (!/\.ya?ml$/.test(id)) return null;
      let data: unknown;
      try {
        data = parse(code);
      } catch (error) {
        // A broken file stops the build with its name; `npm run check` says where exactly.
        this.error(`${id}: ${(error as Error).message}`);
      }
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(data))});`,
        map: null,
      };
    },
  };
}
