import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * Real api processes for the tests that need them (several instances on one database, a
 * signal to the process): `main.ts` through tsx, real HTTP on a free port.
 */
const root = path.join(__dirname, '../../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export interface ApiProcessOptions {
  port: number;
  /** PostgreSQL; without it the api runs on PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir?: string;
  logLevel?: string;
  /** Collects the process's output lines (stdout and stderr) instead of passing stderr through. */
  output?: { stdout: string[]; stderr: string[] };
  env?: Record<string, string>;
}

/** Starts `apps/api/src/main.ts` seeded with the demo accounts (password Demo#2026) and a little data. */
export function startApi(opts: ApiProcessOptions): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    SEED: 'demo',
    SEED_SCALE: '5',
    LOG_LEVEL: opts.logLevel ?? 'warn',
    NODE_ENV: 'test',
    ...opts.env,
  };
  delete env['DATABASE_URL'];
  if (opts.databaseUrl) env['DATABASE_URL'] = opts.databaseUrl;
  if (opts.dataDir) env['DATA_DIR'] = opts.dataDir;
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), ['--tsconfig', 'apps/api/tsconfig.app.json', 'apps/api/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', opts.output ? 'pipe' : 'ignore', opts.output ? 'pipe' : 'inherit'],
  });
  if (opts.output) {
    const { stdout, stderr } = opts.output;
    const collect = (into: string[]) => {
      let rest = '';
      return (chunk: Buffer) => {
        const parts = (rest + chunk.toString('utf8')).split('\n');
        rest = parts.pop() ?? '';
        into.push(...parts.filter((l) => l.trim()));
      };
    };
    child.stdout?.on('data', collect(stdout));
    child.stderr?.on('data', collect(stderr));
  }
  return child;
}

export async function waitReady(port: number, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health/ready`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`api on ${port} not ready`);
}

/** Resolves with the exit code once the process has exited (at once if it already has). */
export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code))));
}

/** The value of a cookie the answer sets. */
export const cookieOf = (res: Response, name: string) =>
  res.headers.getSetCookie().map((c) => c.split(';')[0]).find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1);
