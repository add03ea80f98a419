import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { nxViteTsPaths } from '@nx/vite/plugins/nx-tsconfig-paths.plugin';
import { apiProxy } from '../../tools/vite/api-proxy';

const port = Number(process.env['PORT'] ?? 4300);

export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/public-borrower',
  server: { port, host: '127.0.0.1', strictPort: true, proxy: apiProxy() },
  preview: { port, host: '127.0.0.1', strictPort: true, proxy: apiProxy() },
  plugins: [react(), tailwindcss(), nxViteTsPaths()],
  build: {
    outDir: '../../dist/apps/public-borrower',
    emptyOutDir: true,
    reportCompressedSize: true,
    sourcemap: true,
    rolldownOptions: {
      // The contract's modules only declare constants and schemas: when a chunk uses none
      // of a module's exports (the shell needs the api paths, not the form's zod schemas),
      // leave that module out, so zod loads with the pages and not in the initial chunk.
      treeshake: { moduleSideEffects: (id: string) => !/libs[\\/]shared[\\/](contract|util-format)[\\/]/.test(id) },
    },
  },
}));
