#!/usr/bin/env node
// `npm run serve`: the production server after `npm run build`: one api process (built
// JavaScript, no tsx, no Vite) that also serves the built portal and borrower app on its
// own origin. Settings come from the environment (README, Operations); production needs
// DATABASE_URL, or ALLOW_EMBEDDED_DB=1 for a trial on embedded PGlite.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const main = join(root, 'dist/apps/api/main.js');
const web = process.env.WEB_DIR ?? join(root, 'dist/apps');
for (const need of [main, join(web, 'portal/index.html'), join(web, 'public-borrower/index.html')]) {
  if (!existsSync(need)) {
    console.error(`serve: ${need} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}
const child = spawn(process.execPath, [main], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', WEB_DIR: web, ...process.env, ...(process.env.NODE_ENV ? {} : { NODE_ENV: 'production' }) },
});
// Hand the signals on, so the api shuts down gracefully (it finishes requests in flight).
for (const s of /** @type {const} */ (['SIGTERM', 'SIGINT', 'SIGHUP'])) process.on(s, () => child.kill(s));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
