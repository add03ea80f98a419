#!/usr/bin/env node
// After a production build (`npm run bundle-report` builds first), prints each app's
// initial JavaScript (what index.html loads: the entry script and its modulepreloads)
// and every lazy chunk, in gzip bytes, and checks the budgets. Exit 1 if a budget fails.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, dirname, basename } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const apps = [
  // Initial-JS budgets in gzip bytes. The borrower budget is the (100 KB);
  // the portal's keeps the shell thin (features load lazily).
  { name: 'portal', budget: 200 * 1024, forbidInitial: ['apexcharts'] },
  { name: 'public-borrower', budget: 100 * 1024, forbidInitial: ['apexcharts'], forbidAny: ['apexcharts'] },
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let failed = false;

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
  const size = (f) => {
    const buf = readFileSync(join(dist, f));
    return { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length, text: buf.toString('utf8') };
  };
  let initialGz = 0;
  let initialRaw = 0;
  console.log(`\n${app.name}`);
  console.log('  initial JavaScript');
  for (const f of [...initial].sort()) {
    const s = size(f);
    initialGz += s.gz;
    initialRaw += s.raw;
    console.log(`    ${basename(f).padEnd(48)} ${kb(s.gz).padStart(10)} gzip  ${kb(s.raw).padStart(10)} raw`);
    for (const word of app.forbidInitial ?? []) {
      if (s.text.toLowerCase().includes(word)) {
        console.log(`    !! ${word} found in initial chunk ${basename(f)}`);
        failed = true;
      }
    }
  }
  const ok = initialGz <= app.budget;
  if (!ok) failed = true;
  console.log(`    ${'total'.padEnd(48)} ${kb(initialGz).padStart(10)} gzip  ${kb(initialRaw).padStart(10)} raw   budget ${kb(app.budget)} ${ok ? 'ok' : 'EXCEEDED'}`);
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
process.exit(failed ? 1 : 0);
