/**
 * The server's build of the public pages (src/public/server-render.tsx → dist-ssr/public-render.js),
 * which the server loads to answer public addresses with their content in the HTML. Only the plugins
 * those pages need. React is bundled in, in its production build: left in node_modules it would pick
 * its development build, which the server's NODE_ENV does not switch off.
 */
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { yamlData } from './tools/vite-yaml-plugin.ts';

export default defineConfig({
  plugins: [react(), yamlData()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/public/server-render.tsx',
    outDir: 'dist-ssr',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { entryFileNames: 'public-render.js' } },
  },
});
