#!/usr/bin/env node
// `nx run workspace-generators:check-generated`: proves that what the domain generator
// writes passes the workspace's own checks. It copies the repository (tracked and new
// files, not node_modules: that is linked) into a temporary folder, generates a throw-away
// domain there, and runs lint, typecheck and test on the three generated projects, plus
// lint and typecheck of the projects whose files the generator edited (portal, api,
// contract, screens, server plumbing, api slice). The repository itself is never touched.
// Then the generated stories run in the browser: the new feature lib's Storybook is built and
// tested (tools/storybook/ci.mjs --config): every story renders without console errors, its
// play function passes and axe finds no violation. That step uses a loopback port and
// Chromium, so run the whole check under the e2e lock: `flock /tmp/e2e.lock npx nx run
// workspace-generators:check-generated`. `--no-stories` leaves it out.
//
// Slow (a few minutes on a busy 2-core machine), so it is its own target and not part of
// every `npm test`: run it when you change the templates or an API they use.
// Options: --keep (leave the copy for inspection), --name=<domain> (default generator-checks),
// --no-stories (skip the Storybook step).
import { spawnSync, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const keep = process.argv.includes('--keep');
const name = process.argv.find((a) => a.startsWith('--name='))?.slice('--name='.length) ?? 'generator-checks';
const started = Date.now();
const secs = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;

const copy = mkdtempSync(join(os.tmpdir(), 'loan-generator-check-'));
const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter(Boolean);
for (const f of files) {
  const from = join(root, f);
  if (!existsSync(from)) continue; // deleted in the work tree
  mkdirSync(dirname(join(copy, f)), { recursive: true });
  copyFileSync(from, join(copy, f));
}
symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
console.log(`copied ${files.length} files to ${copy} (${secs()})`);

const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: 'true' };
function run(args, command = 'npx') {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const r = spawnSync(command, args, { cwd: copy, env, stdio: 'inherit' });
  return r.status === 0;
}

let ok = run(['nx', 'g', '@loan/tools:domain', name, '--permission=viewReportsModule', '--no-interactive']);
if (ok) {
  const generated = ['feature', 'data-access', 'server'].map((p) => `${name}-${p}`);
  ok = run(['nx', 'run-many', '-t', 'lint', 'typecheck', 'test', '-p', ...generated, '--parallel=2', '--outputStyle=static']);
  const edited = ['portal', 'api', 'shared-contract', 'shared-screens', 'shared-server', 'shared-data-access-api'];
  ok = run(['nx', 'run-many', '-t', 'lint', 'typecheck', '-p', ...edited, '--parallel=2', '--outputStyle=static']) && ok;
  // The story templates: the generated list and details stories, built and run in Chromium.
  if (!process.argv.includes('--no-stories')) ok = run(['tools/storybook/ci.mjs', '--config', `libs/${name}/feature/.storybook`], 'node') && ok;
}

if (keep) console.log(`\nthe copy is kept in ${copy}`);
else rmSync(copy, { recursive: true, force: true });
console.log(`\ncheck-generated: ${ok ? 'passed' : 'FAILED'} in ${secs()}`);
process.exit(ok ? 0 : 1);
