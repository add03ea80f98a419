/**
 * `npm run seed -- [--scale N] [--reset] [--accounts-only]`: runs ./run.ts under tsx with
 * the api's tsconfig, so the workspace path aliases (@loan/shared-contract) resolve.
 * See ./README.md.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const result = spawnSync(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), '--tsconfig', path.join(root, 'apps/api/tsconfig.app.json'), path.join(__dirname, 'run.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: process.cwd() },
);
process.exit(result.status ?? 1);
