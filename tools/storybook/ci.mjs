#!/usr/bin/env node
// The workbench step of `npm test` (tools/test/run-all.mjs): builds the composed Storybook
// (every lib's stories) into dist/storybook, serves it on a free loopback port, and runs the
// test runner against it in Debian's Chromium: each story renders without console errors,
// its play function passes and axe finds no violation. The count reporter writes
// tmp/test-results/jest-storybook.json; a failed build counts as one failure there.
// `--no-build` tests an existing build; `--config libs/<domain>/feature/.storybook` builds and
// tests one lib's Storybook alone (into dist/storybook-<project dir>), for a team's own run;
// what follows `--` goes to the test runner (`-- instant` runs only the files matching it).
// No retry: a failed story is a failure (issue 33; the one flaky file's cause is fixed, see
// the row links in libs/shared/ui list-screen.tsx). The build leaves out react-docgen (the
// Controls panel's prop tables, which no test reads): most of the build's time.
import { spawnSync, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const configArg = process.argv.indexOf('--config');
const configDir = configArg > 0 ? process.argv[configArg + 1] : 'tools/storybook/.storybook';
const out = join(root, configArg > 0 ? `dist/storybook-${configDir.replace(/\/?\.storybook\/?$/, '').replace(/[\\/]+/g, '-')}` : 'dist/storybook');
const dashes = process.argv.indexOf('--');
const passThrough = dashes > 0 ? process.argv.slice(dashes + 1) : [];
const started = Date.now();
const secs = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;

function fail(why) {
  const dir = join(root, 'tmp/test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'jest-storybook.json'), JSON.stringify({ suite: 'storybook', passed: 0, failed: 1, skipped: 0 }));
  console.error(`storybook: ${why}`);
  process.exit(1);
}

if (!process.argv.includes('--no-build')) {
  const b = spawnSync('npx', ['storybook', 'build', '-c', configDir, '-o', out, '--quiet', '--disable-telemetry'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WORKBENCH_DOCGEN: 'off' },
  });
  if (b.status !== 0) fail('the build failed');
  console.log(`storybook: built in ${secs()}`);
}
if (!existsSync(join(out, 'index.json'))) fail(`no build in ${out}`);

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2' };
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(out, path);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!file.startsWith(out) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const workers = process.env.STORYBOOK_WORKERS ?? '2';
  const t = spawn('npx', ['test-storybook', '-c', configDir, '--url', url, '--index-json', `--maxWorkers=${workers}`, '--testTimeout=60000', ...passThrough], {
    cwd: root,
    stdio: 'inherit',
  });
  t.on('exit', (code) => {
    server.close();
    console.log(`storybook: tested in ${secs()} (build and test)`);
    process.exit(code ?? 1);
  });
});
