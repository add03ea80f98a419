import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { apiProxy, moduleSideEffects, shakeReactRouter } from '../../tools/vite/shared.mjs';

const port = Number(process.env['PORT'] ?? 4300);

export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/public-borrower',
  server: { port, host: '127.0.0.1', strictPort: true, proxy: apiProxy() },
  preview: { port, host: '127.0.0.1', strictPort: true, proxy: apiProxy() },
  // shakeReactRouter: react-router's unused Link, NavLink and Form out of the first download (80 KB budget).
  plugins: [react(), tailwindcss(), shakeReactRouter()],
  // The @loan/* paths of tsconfig.base.json, resolved by Vite itself (Vite 8; nxViteTsPaths is
  // deprecated, and Vite warns about the vite-tsconfig-paths plugin Nx suggests instead).
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../../dist/apps/public-borrower',
    emptyOutDir: true,
    reportCompressedSize: true,
    sourcemap: true,
    // .vite/manifest.json: tools/bundle-report follows it to sum the JS a route needs.
    manifest: true,
    // Phones' browsers support <link rel=modulepreload> (or merely fetch later without it):
    // the polyfill would cost the first download ~0.5 KB gzip (budget 80 KB, bundle report).
    modulePreload: { polyfill: false },
    // The shared util libs are pure; see tools/vite/shared.mjs.
    rolldownOptions: { treeshake: { moduleSideEffects } },
  },
}));
