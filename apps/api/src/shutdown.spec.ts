import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { API, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@loan/shared-contract';
import { createEmptyPgDatabase } from '@loan/shared-server/testing';
import { cookieOf, exitOf, freePort, startApi, waitReady } from './test/api-process';

/**
 * Graceful shutdown of the real api process (issue 18): SIGTERM while a sign-in is in flight
 * (its body half sent). The api stops accepting, lets the sign-in finish (it writes a session,
 * whose NOTIFY reaches the session listener), stops the pollers and the job queue, ends the
 * listener, closes the database last and exits 0, with no error line in its log. PGlite in
 * every run; PostgreSQL too under `nx run api:test-pg`.
 */
// The test server of testDatabaseUrl() (TEST_DATABASE_URL or the local default).
const onPg = process.env['DB_DRIVER'] === 'pg';

interface Answer {
  status: number;
  setCookie: string[];
}

/** POST /login with its body in two parts: the second part is sent by `finish()`. */
function signInInTwoParts(port: number, headers: Record<string, string>, body: string) {
  const cut = Math.floor(body.length / 2);
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: API.login,
    agent: false,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answered = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookie: [res.headers['set-cookie'] ?? []].flat() }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, cut));
  return {
    answered,
    finish: () => req.end(body.slice(cut)),
  };
}

async function waitForLine(lines: string[], pattern: RegExp, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!lines.some((l) => pattern.test(l))) {
    if (Date.now() > end) throw new Error(`no line matching ${pattern} in:\n${lines.join('\n')}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Whether the api refuses new connections within a few seconds (it answers 503 while closing). */
async function refusedSoon(port: number, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/health/live`);
      await res.body?.cancel();
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** Log lines at error level or above (pino: 50 error, 60 fatal), and plain lines that report a failure. */
function errorLines(lines: string[]): string[] {
  return lines.filter((l) => {
    try {
      const entry = JSON.parse(l) as { level?: number };
      return Number(entry.level) >= 50;
    } catch {
      return /\berror\b|failed|is closed/i.test(l);
    }
  });
}

const drivers: Array<['PGlite' | 'PostgreSQL', boolean]> = [
  ['PGlite', true],
  ['PostgreSQL', onPg],
];

describe.each(drivers)('SIGTERM with a request in flight, on %s', (driver, enabled) => {
  const maybe = enabled ? it : it.skip;
  let child: ChildProcess | undefined;
  let cleanup: () => Promise<void> = async () => undefined;

  afterEach(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await exitOf(child);
    }
    await cleanup();
  });

  maybe(
    'finishes the sign-in, then stops the queue, closes the database and exits 0 with no error line',
    async () => {
      const port = await freePort();
      const output = { stdout: [] as string[], stderr: [] as string[] };
      if (driver === 'PostgreSQL') {
        const { url, drop } = await createEmptyPgDatabase(undefined, 't_shutdown');
        cleanup = drop;
        child = startApi({ port, databaseUrl: url, logLevel: 'info', output });
      } else {
        const dir = mkdtempSync(path.join(os.tmpdir(), 'loan-shutdown-'));
        cleanup = async () => rmSync(dir, { recursive: true, force: true });
        child = startApi({ port, dataDir: path.join(dir, 'pglite'), logLevel: 'info', output });
      }
      // The queue runs (JOBS defaults to on) and so does the disbursement poller: both stop on the signal.
      await waitReady(port, 150_000);

      const csrf = await fetch(`http://127.0.0.1:${port}${API.csrfCookie}`);
      const xsrf = cookieOf(csrf, CSRF_COOKIE) as string;
      const signIn = signInInTwoParts(
        port,
        { cookie: `${CSRF_COOKIE}=${xsrf}`, [CSRF_HEADER]: xsrf },
        JSON.stringify({ email: 'admin@demo.zm', password: 'Demo#2026' }),
      );
      // The api has the request (headers read, body pending) before the signal.
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGTERM');
      await waitForLine(output.stdout, /shutting down/);
      // New connections are refused (after a moment of 503s) while the sign-in is still open.
      expect(await refusedSoon(port)).toBe(true);
      signIn.finish();

      const answer = await signIn.answered;
      expect(answer.status).toBe(200);
      expect(answer.setCookie.some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
      expect(await exitOf(child)).toBe(0);
      const all = [...output.stdout, ...output.stderr];
      expect(all.some((l) => l.includes('"msg":"shut down"'))).toBe(true);
      expect(errorLines(all)).toEqual([]);
    },
    200_000,
  );
});
