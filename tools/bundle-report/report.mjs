#!/usr/bin/env node
// After a production build (`npm run bundle-report` builds first), prints each app's
// initial JavaScript (what index.html loads: the entry script and its modulepreloads),
// the JavaScript a route needs (initial + its lazy page chunk and that chunk's static
// imports, followed through Vite's .vite/manifest.json) and every lazy chunk, in gzip
// bytes (level 9), and checks the budgets. Exit 1 if a budget fails (a CI step of
// tools/test/run-all.mjs).
//
// `--why` (npm run bundle-report -- --why) also prints what each route's JavaScript is made
// of, by npm package and lib, from the source maps (composition.mjs).
//
// A budget is what CI enforces; a goal (issue 18) is printed beside it while it is not met
// yet. Lower a budget whenever the figure drops, never raise it to let a change through.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composition } from './composition.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const KB = 1024;
const apps = [
  {
    name: 'portal',
    // 188 -> 151 KB (issue 18): the dashboard's and the sessions' api paths moved to the
    // contract's schema-free domain-paths.ts (zod, 25 KB, left the first load), and the
    // domains' feature/data-access libs and the api slice's lib are side-effect free for the
    // bundler (tools/vite/shared.mjs), so a barrel imported for its screen descriptors no
    // longer drags in the top bar's bell, the users endpoints and date-fns.
    // 151.9 -> 125.2 KB (session s23): RTK Query (api slice, base query, ~17 KB) joins the store
    // after the first screen shows (store.ts ensureApi, api-attach.ts); the session and
    // permissions libs are side-effect free too, and the own-role loader sits with its endpoint
    // (permission hooks in the first load no longer bind RTK Query); notistack (8.5 KB), the
    // top progress bar and the not-found/no-access pages load just after the first screen.
    // 125.5 -> 109.5 KB (session s24): the declarative router (BrowserRouter + useRoutes,
    // apps/portal/src/app/routed-view.tsx) instead of the data router: react-router 28 -> 11.6.
    // What is left: react-dom 63, react-router 11.6, RTK core + immer + redux 11,
    // redux-persist 3, the route table (screen catalog, descriptors, permission names) ~6 KB. The +0.9 KB of the 2026-11-25
    // merge (builds of ff6b79e and 89b8191 compared with --why): ~0.4 KB the route table's new
    // data (contract domain-paths +0.8 KB raw, new screen descriptors +0.5 KB raw), the rest
    // chunking: the merged lazy chunks share react-router, jsx-runtime and the rolldown
    // runtime, so the first load became 8 files instead of 5 (glue, gzip per file).
    // Issue 18's goal for /login, which the first load is part of.
    initial: { budget: 120 * KB },
    forbidInitial: ['apexcharts', 'table-core', 'getCoreRowModel', 'executeQuery', 'notistack-CollapseWrapper'],
    routes: [
      // The sign-in page: the initial load + the form (no react-hook-form: two fields), its
      // card and fields, 3.8 KB. The sign-in calls (RTK Query) load when the page has shown.
      // 168.1 -> 129.0 KB; 129.3 -> 113.3 KB with the declarative router (session s24).
      // The budget is issue 18's goal.
      {
        path: '/login',
        src: '../../libs/auth/feature/src/lib/login-page.tsx',
        budget: 120 * KB,
        forbid: ['executeQuery', 'notistack-CollapseWrapper'],
      },
    ],
  },
  {
    name: 'public-borrower',
    initial: { budget: 80 * KB },
    forbidInitial: ['apexcharts'],
    forbidAny: ['apexcharts'],
    routes: [
      // 163 -> 127 KB (issue 18): lazy validation, the form's zod checks load as their own
      // chunk after the page shows (libs/public-borrower/feature .../apply/lazy-validation.ts;
      // the contract's borrower constants, mobile and money helpers are schema-free modules),
      // and notistack left (the borrower app shows no toasts). react-dom is 62 KB; the page
      // chunk carried RTK Query + immer ~22 and react-hook-form 12.
      // 126.8 -> 102.7 KB (session s24): the form shows before the store and RTK Query, which
      // load with its first call right after (apps/public-borrower/src/app/apply-route.tsx,
      // deferred.ts of shared-data-access-api: the borrower's calls through
      // useBorrowerMutation); the page chunk is react-hook-form 12, the form 7, react-redux 1.5
      // (the deferred calls find the portal's and the tests' Provider). The budget is issue
      // 18's goal; `executeQuery` (RTK Query) must not be part of it.
      { path: '/apply', src: 'src/app/apply-route.tsx', budget: 110 * KB, forbid: ['executeQuery'] },
    ],
  },
];

const kb = (n) => `${(n / KB).toFixed(1)} KB`;
const why = process.argv.includes('--why');

/** The largest parts of a set of chunks (--why). */
function printComposition(dist, files, indent = '      ') {
  for (const [group, gz] of composition(dist, files).slice(0, 25)) {
    if (gz < 0.05 * KB) break;
    console.log(`${indent}${group.padEnd(48)} ${kb(gz).padStart(9)} gzip (est.)`);
  }
}
let failed = false;
const summary = [];

/**
 * @param {string} label
 * @param {number} gz
 * @param {{ budget: number, goal?: number }} limits
 */
function verdict(label, gz, { budget, goal }) {
  const ok = gz <= budget;
  if (!ok) failed = true;
  const goalText = goal && gz > goal ? `, goal ${kb(goal)} not met yet` : '';
  const line = `${label.padEnd(34)} ${kb(gz).padStart(9)} gzip   budget ${kb(budget)} ${ok ? 'ok' : 'EXCEEDED'}${goalText}`;
  summary.push(line);
  return line;
}

for (const app of apps) {
  const dist = join(root, 'dist/apps', app.name);
  if (!existsSync(join(dist, 'index.html'))) {
    console.log(`${app.name}: not built (run npm run bundle-report)`);
    failed = true;
    continue;
  }
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const initial = new Set(
    [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g)].map((m) => m[1]),
  );
  const assetsDir = join(dist, 'assets');
  const all = readdirSync(assetsDir).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const sizes = new Map();
  const size = (f) => {
    if (!sizes.has(f)) {
      const buf = readFileSync(join(dist, f));
      sizes.set(f, { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length, text: buf.toString('utf8') });
    }
    return sizes.get(f);
  };
  let initialGz = 0;
  console.log(`\n${app.name}`);
  console.log('  initial JavaScript');
  for (const f of [...initial].sort()) {
    const s = size(f);
    initialGz += s.gz;
    console.log(`    ${basename(f).padEnd(48)} ${kb(s.gz).padStart(10)} gzip  ${kb(s.raw).padStart(10)} raw`);
    for (const word of app.forbidInitial ?? []) {
      if (s.text.includes(word)) {
        console.log(`    !! ${word} found in initial chunk ${basename(f)}`);
        failed = true;
      }
    }
  }
  console.log(`    ${verdict(`${app.name} initial`, initialGz, app.initial)}`);
  if (why) printComposition(dist, initial);

  // A route's JS: the initial files plus its page chunk and everything that chunk imports statically.
  const manifestPath = join(dist, '.vite/manifest.json');
  const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : null;
  for (const route of app.routes ?? []) {
    if (!manifest?.[route.src]) {
      console.log(`  !! ${route.path}: ${route.src} not in ${manifestPath} (build.manifest on? file moved?)`);
      failed = true;
      continue;
    }
    const files = new Set(initial);
    const visit = (key) => {
      const entry = manifest[key];
      if (!entry || files.has(entry.file) && key !== route.src) return;
      files.add(entry.file);
      (entry.imports ?? []).forEach(visit);
    };
    visit(route.src);
    const extra = [...files].filter((f) => !initial.has(f));
    const gz = [...files].reduce((n, f) => n + size(f).gz, 0);
    for (const f of files) {
      for (const word of route.forbid ?? []) {
        if (size(f).text.includes(word)) {
          console.log(`    !! ${word} found in ${basename(f)}, part of ${route.path}`);
          failed = true;
        }
      }
    }
    console.log(`  JavaScript to show ${route.path} (initial + ${extra.map((f) => basename(f)).join(', ')})`);
    console.log(`    ${verdict(`${app.name} ${route.path}`, gz, route)}`);
    if (why) printComposition(dist, extra);
  }

  const lazy = all.filter((f) => !initial.has(f)).sort();
  console.log(`  lazy chunks (${lazy.length})`);
  let lazyGz = 0;
  for (const f of lazy) {
    const s = size(f);
    lazyGz += s.gz;
    console.log(`    ${basename(f).padEnd(48)} ${kb(s.gz).padStart(10)} gzip  ${kb(s.raw).padStart(10)} raw`);
    for (const word of app.forbidAny ?? []) {
      if (s.text.toLowerCase().includes(word)) {
        console.log(`    !! ${word} found in ${basename(f)}`);
        failed = true;
      }
    }
  }
  console.log(`    ${'total lazy'.padEnd(48)} ${kb(lazyGz).padStart(10)} gzip`);
}
console.log(`\nBudgets\n  ${summary.join('\n  ')}`);
console.log(failed ? 'bundle budgets: FAILED' : 'bundle budgets: ok');
process.exit(failed ? 1 : 0);
