#!/usr/bin/env node
// `npm start`: development (dev.mjs: the api on tsx plus both Vite dev servers), or with
// NODE_ENV=production the built server of `npm run serve` (no Vite; run `npm run build` first).
if (process.env.NODE_ENV === 'production') await import('../serve/serve.mjs');
else await import('./dev.mjs');
