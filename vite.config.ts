import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { yamlData } from './tools/vite-yaml-plugin.ts';

// The API lives under /api on the same server; in `npm run dev` Vite proxies it to a running server.
export default defineConfig({
  plugins: [react(), yamlData()],
  server: { proxy: { '/api': 'http://localhost:8080' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
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
});
