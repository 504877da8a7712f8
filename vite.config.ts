import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from 'yaml';

/**
 * `import x from './file.yaml'` gives the parsed data, converted at build time so the browser never
 * ships a YAML parser for it (the locales are needed by the login page, which must stay light).
 * Imports with a query (e.g. the screens' `?raw`) are left to Vite.
 */
function yamlData(): Plugin {
  return {
    name: 'yaml-data',
    transform(code, id) {
      if (!/\.ya?ml$/.test(id)) return null;
      return {
        code: `export default JSON.parse(${JSON.stringify(JSON.stringify(parse(code)))});`,
        map: null,
      };
    },
  };
}

// The API lives under /api on the same server; in `npm run dev` Vite proxies it to a running server.
export default defineConfig({
  plugins: [react(), yamlData()],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // antd's rc-components are pure React modules but do not declare it; without this, importing
        // one export of @rc-component/form (antd's Input does) keeps all of it, validators included,
        // in the login page's bundle.
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id),
      },
    },
  },
});
