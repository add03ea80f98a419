import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { apiProxy, moduleSideEffects } from '../../tools/vite/shared.mjs';

const port = Number(process.env['PORT'] ?? 4200);

export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/portal',
  server: { port, host: '127.0.0.1', strictPort: true, proxy: apiProxy() },
  preview: { port, host: '127.0.0.1', strictPort: true, proxy: apiProxy() },
  plugins: [react(), tailwindcss()],
  // The @loan/* paths of tsconfig.base.json, resolved by Vite itself (Vite 8; nxViteTsPaths is
  // deprecated, and Vite warns about the vite-tsconfig-paths plugin Nx suggests instead).
  resolve: { tsconfigPaths: true },
  build: {
    // The shared util libs are pure; see tools/vite/shared.mjs.
    rolldownOptions: { treeshake: { moduleSideEffects } },
    outDir: '../../dist/apps/portal',
    emptyOutDir: true,
    reportCompressedSize: true,
    // apexcharts (~560 KB raw, 150 KB gzip) is one lazy chunk loaded only by the dashboard.
    chunkSizeWarningLimit: 600,
    sourcemap: true,
    // .vite/manifest.json: tools/bundle-report follows it to sum the JS a route needs.
    manifest: true,
  },
}));
