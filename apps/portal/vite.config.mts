import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import { apiProxy } from '../../tools/vite/api-proxy';

const port = Number(process.env['PORT'] ?? 4200);

export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/portal',
  server: { port, host: '127.0.0.1', strictPort: true, proxy: apiProxy() },
  preview: { port, host: '127.0.0.1', strictPort: true, proxy: apiProxy() },
  plugins: [react(), tailwindcss(), nxViteTsPaths()],
  build: {
    rolldownOptions: {
      // The util libs are pure (the contract builds zod schemas at module level, util-format
      // imports date-fns): marking them side-effect free lets the shell's first load keep
      // only what it uses, and screens load the rest lazily.
      treeshake: { moduleSideEffects: (id: string) => !/\/libs\/shared\/(contract|util-format)\//.test(id) },
    },
    outDir: '../../dist/apps/portal',
    emptyOutDir: true,
    reportCompressedSize: true,
    sourcemap: true,
  },
}));
