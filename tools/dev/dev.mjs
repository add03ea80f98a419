#!/usr/bin/env node
// `npm start` (development): the api on embedded PGlite (migrated and seeded with demo data on first
// start, kept afterwards in .data/pglite or DATA_DIR), the staff portal and the borrower app.
// DATABASE_URL switches the api to a real PostgreSQL server. The api logs warnings and errors
// only; LOG_LEVEL=info adds one line per request. Ctrl-C stops everything.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const apiPort = Number(process.env.API_PORT ?? 3000);
const portalPort = Number(process.env.PORTAL_PORT ?? 4200);
const borrowerPort = Number(process.env.BORROWER_PORT ?? 4300);
const apiUrl = `http://127.0.0.1:${apiPort}`;
// The folder the api opens (config.ts reads DATA_DIR the same way: relative to the repository,
// the api's working directory), shown as it is: the banner once said .data/pglite whatever DATA_DIR said.
const dataDir = process.env.DATA_DIR ? (process.env.DATA_DIR.includes('://') ? process.env.DATA_DIR : resolve(root, process.env.DATA_DIR)) : join(root, '.data/pglite');
const shownDataDir = dataDir.includes('://') || relative(root, dataDir).startsWith('..') || isAbsolute(relative(root, dataDir)) ? dataDir : relative(root, dataDir);
const children = [];

function run(name, args, env) {
  // Each child leads its own process group, so stopping it also stops what npx started.
  const child = spawn('npx', args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = (line) => `[${name}] ${line}`;
  for (const stream of [child.stdout, child.stderr]) {
    let buf = '';
    stream.on('data', (d) => {
      buf += d;
      const lines = buf.split('\n');
      buf = lines.pop() ?? '';
      for (const l of lines) if (l.trim()) process.stdout.write(prefix(l) + '\n');
    });
  }
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(prefix(`exited with code ${code}; stopping.`));
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  setTimeout(() => process.exit(code), 500);
}
process.on('SIGINT', () => stop(0));
process.on('SIGHUP', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

console.log('Starting the api (first start creates and seeds the database; this can take a minute)...');
run('api', ['tsx', '--tsconfig', 'apps/api/tsconfig.app.json', 'apps/api/src/main.ts'], {
  PORT: String(apiPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'development',
  // Warnings and errors only, so this screen stays readable; LOG_LEVEL=info: one line per request.
  LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
});
if (!(await waitFor(`${apiUrl}/sanctum/csrf-cookie`, 300_000))) {
  console.error('The api did not start within 5 minutes.');
  stop(1);
} else {
  run('portal', ['vite', '--config', 'apps/portal/vite.config.mts'], { PORT: String(portalPort), API_URL: apiUrl });
  run('borrower', ['vite', '--config', 'apps/public-borrower/vite.config.mts'], { PORT: String(borrowerPort), API_URL: apiUrl });
  const up = await Promise.all([waitFor(`http://127.0.0.1:${portalPort}/`, 60_000), waitFor(`http://127.0.0.1:${borrowerPort}/`, 60_000)]);
  // The api has the demo inbox only with the local adapters (config.ts, DEMO_INBOX): ask it.
  const inbox = await fetch(`${apiUrl}/dev/inbox/messages`).then((r) => r.ok, () => false);
  if (!up.every(Boolean)) {
    console.error('A web app did not start.');
    stop(1);
  } else {
    console.log(`
  Loan portal is running.

  Staff portal      http://127.0.0.1:${portalPort}/login
  Borrower app      http://127.0.0.1:${borrowerPort}/apply   (contract pages: /loan-offer-letter/<token>)
  API               ${apiUrl}
  Demo inbox        ${inbox ? `http://127.0.0.1:${portalPort}/dev/inbox   (the SMS and e-mails it "sends": codes and links in clear)` : 'off (DEMO_INBOX=0, or a real SMS, e-mail or mobile-money provider is set)'}
  Database          ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${shownDataDir}`}

  Demo accounts (password Demo#2026):
    admin@demo.zm     (or EMP-0001)  every permission
    officer@demo.zm   dashboard, loans, offer letters, communication
    finance@demo.zm   dashboard, transactions, reports
    viewer@demo.zm    dashboard only

  Press Ctrl-C to stop.
`);
  }
}
