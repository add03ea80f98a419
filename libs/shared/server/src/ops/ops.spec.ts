import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { assertProductionDatabase, loadConfig, testConfig } from '../config';
import { queryRows } from '../db';
import { buildServer } from '../server';
import { createTestApp, createTestDatabase, type TestApp } from '../testing';
import { loggerOptions, logUrl } from './logging';
import { closeOnSignals } from './shutdown';

describe('security headers, no-store, request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
  });
  afterAll(() => t.close());

  it('sends a strict CSP and the other helmet headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health/live' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('marks api answers (also errors) Cache-Control: no-store and gives each request an id', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/health/live' });
    const b = await t.app.inject({ method: 'GET', url: '/api/missing' });
    expect(a.headers['cache-control']).toBe('no-store');
    expect(b.headers['cache-control']).toBe('no-store');
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    // Without a trusted proxy a client cannot choose its id (it would forge log lines).
    const forged = await t.app.inject({ method: 'GET', url: '/health/live', headers: { 'x-request-id': 'my-own-id-123' } });
    expect(forged.headers['x-request-id']).not.toBe('my-own-id-123');
  });

  it('compresses answers over 1 KB when the client accepts it, smaller ones not', async () => {
    const app = await buildServer({ db: t.db, config: t.config });
    app.get('/big', async () => ({ rows: 'x'.repeat(1500) }));
    app.get('/small', async () => ({ rows: 'x' }));
    const big = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers['cache-control']).toBe('no-store');
    const small = await app.inject({ method: 'GET', url: '/small', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    await app.close();
  });
});

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: 'none' });
  });
  afterAll(() => t.close());

  it('is live, and ready when the database answers and every migration is applied', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
  });

  it('is not ready when a migration of this build is not applied', async () => {
    const [{ name }] = await queryRows<{ name: string }>(t.db, sql`SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1`);
    await t.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${name}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.migrations).toBe('1 not applied');
    } finally {
      await t.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${name})`);
    }
  });
});

describe('/metrics', () => {
  it('answers 404 unless METRICS_TOKEN is set', async () => {
    const t = await createTestApp({ seed: 'none' });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    await t.close();
  });

  it('needs the token, then gives request counts and latency by route pattern and pool usage', async () => {
    const token = 'a-long-metrics-token-0123456789';
    const t = await createTestApp({ seed: 'none', config: { metricsToken: token } });
    try {
      await t.app.inject({ method: 'GET', url: '/health/live' });
      await t.app.inject({ method: 'GET', url: '/health/live' });
      await t.app.inject({ method: 'GET', url: '/api/does-not-exist/123456' });
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token-0123' } })).statusCode).toBe(401);
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0.0.4/);
      expect(res.body).toContain('http_requests_total{method="GET",route="/health/live",status="200"} 2');
      expect(res.body).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
      expect(res.body).toMatch(/http_request_duration_seconds_bucket\{method="GET",route="\/health\/live",le="\+Inf"\} 2/);
      expect(res.body).not.toContain('123456');
      if (t.database.poolStats) expect(res.body).toMatch(/db_pool_connections\{state="idle"\} \d+/);
    } finally {
      await t.close();
    }
  });
});

/** The app's log lines (pino JSON), parsed. */
function captureLogs() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const l of String(chunk).split('\n')) if (l.trim()) lines.push(JSON.parse(l));
      cb();
    },
  });
  return { lines, stream };
}

describe('logs', () => {
  it('carry the request id on every request line and no personal data, query strings, tokens or bodies', async () => {
    const { lines, stream } = captureLogs();
    const app = await buildServer({ logger: { ...loggerOptions('info'), stream } });
    app.post('/echo/:token', async (req) => {
      req.log.info({ client: { nrc: '123456/78/9', mobile: '+260971234567', fullname: 'Mary Banda' } }, 'client seen');
      throw Object.assign(new Error('boom'), { detail: 'Key (nrc)=(123456/78/9) already exists.' });
    });
    await app.inject({
      method: 'POST',
      url: '/echo/AbCdEfGhIjKlMnOpQrStUvWxYz012345?search=Mary%20Banda',
      headers: { cookie: 'laravel_session=secret-session-id', authorization: 'Bearer secret-bearer' },
      payload: { nrc: '123456/78/9', email: 'mary@example.zm', signature: 'data:image/png;base64,AAAA' },
    });
    await app.close();
    const text = JSON.stringify(lines);
    for (const secret of ['123456/78/9', '+260971234567', 'Mary', 'mary@example.zm', 'secret-session-id', 'secret-bearer', 'AbCdEfGhIjKlMnOpQrStUvWxYz012345', 'base64']) {
      expect([secret, text.includes(secret)]).toEqual([secret, false]);
    }
    const requestLines = lines.filter((l) => l['msg'] !== 'Server listening' && 'reqId' in l);
    // One line for the request itself (when answered), besides what the handler logs.
    expect(requestLines.map((l) => l['msg'])).toEqual(['client seen', 'unhandled error', 'request completed']);
    expect(new Set(requestLines.map((l) => l['reqId'])).size).toBe(1);
    expect(lines.filter((l) => !('reqId' in l))).toEqual([]);
    const completed = requestLines[2];
    expect(completed['req']).toEqual({ method: 'POST', url: '/echo/:token?[redacted]' });
    expect(completed['res']).toEqual({ statusCode: 500 });
    expect(typeof completed['responseTime']).toBe('number');
  });

  it('does not log a client that disconnects mid-request as an error', async () => {
    const { lines, stream } = captureLogs();
    const app = await buildServer({ logger: { ...loggerOptions('info'), stream } });
    // An upload read as a stream (as multipart files are): the read fails when the client goes.
    app.addContentTypeParser('application/octet-stream', (_req, payload, done) => done(null, payload));
    let failed!: () => void;
    const readFailed = new Promise<void>((r) => (failed = r));
    app.post('/upload', async (req) => {
      try {
        for await (const chunk of req.body as AsyncIterable<Buffer>) void chunk;
      } finally {
        failed();
      }
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 100000\r\n\r\nabc');
      setTimeout(() => socket.destroy(), 100);
    });
    await readFailed;
    await new Promise((r) => setTimeout(r, 100));
    await app.close();
    expect(lines.filter((l) => Number(l['level']) >= 50)).toEqual([]);
    expect(lines.map((l) => l['msg'])).toContain('client disconnected before the answer');
  });

  it('logs a request that matches no route as one line, its 404, path masked', async () => {
    const { lines, stream } = captureLogs();
    const app = await buildServer({ logger: { ...loggerOptions('info'), stream } });
    await app.inject({ method: 'GET', url: '/nowhere/AbCdEfGhIjKlMnOpQrStUvWxYz012345' });
    await app.close();
    const requestLines = lines.filter((l) => 'reqId' in l);
    expect(requestLines.map((l) => [l['msg'], l['req'], l['res']])).toEqual([
      ['request completed', { method: 'GET', url: '/nowhere/[redacted]' }, { statusCode: 404 }],
    ]);
  });

  it('masks token- and NRC-like segments of paths that match no route', () => {
    expect(logUrl({ url: '/loan-offer-letter/AbCdEfGhIjKlMnOpQrStUvWxYz0?x=1', is404: true, routeOptions: {} as never })).toBe('/loan-offer-letter/[redacted]?[redacted]');
    expect(logUrl({ url: '/api/client/123456%2F78%2F9', is404: true, routeOptions: {} as never })).toBe('/api/client/[redacted]');
  });
});

describe('graceful shutdown', () => {
  it('on the signal stops accepting, lets the request in flight finish, then stops a poller, the job queue and the session listener, closes the database last and exits 0', async () => {
    const testDb = await createTestDatabase('none');
    const order: string[] = [];
    const { lines, stream } = captureLogs();
    const app = await buildServer({
      db: testDb.database.db,
      config: testConfig(),
      logger: { ...loggerOptions('info'), stream },
      // The real LISTEN (PGlite in process, or a PostgreSQL connection), wrapped to see when it ends.
      listen: async (channel, handlers) => {
        const stop = await testDb.database.listen(channel, handlers);
        return async () => {
          await stop();
          order.push('session listener');
        };
      },
      closeDatabase: async () => {
        order.push('database');
        await testDb.close();
      },
    });
    const stopJobs = app.jobs.stop.bind(app.jobs);
    jest.spyOn(app.jobs, 'stop').mockImplementation(async () => {
      // The queue's handlers still reach the database while it stops.
      await queryRows(app.db, sql`SELECT 1 AS one`);
      await stopJobs();
      order.push('job queue');
    });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started!: () => void;
    const inFlight = new Promise<void>((r) => (started = r));
    app.get('/slow', async () => {
      started();
      await held;
      // The database still answers for the request that was in flight at the signal.
      const [row] = await queryRows<{ one: number }>(app.db, sql`SELECT 1 AS one`);
      order.push('request');
      return { one: row.one };
    });
    // Registered after buildServer, as the api's main registers its disbursement poller.
    app.addHook('onClose', async () => {
      await queryRows(app.db, sql`SELECT 1 AS one`);
      order.push('poller');
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    const exited = new Promise<number>((resolve) => closeOnSignals(app, { signals: ['SIGUSR2'], exit: resolve }));

    const slow = fetchText(port, '/slow');
    await inFlight;
    process.emit('SIGUSR2', 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 100));
    // Closed for new connections while the slow request still runs; nothing stopped yet.
    await expect(fetchText(port, '/health/live')).rejects.toThrow(/ECONNREFUSED/);
    expect(order).toEqual([]);
    release();
    expect(await slow).toEqual({ status: 200, body: '{"one":1}' });
    expect(await exited).toBe(0);
    expect(order).toEqual(['request', 'poller', 'job queue', 'session listener', 'database']);
    expect(lines.filter((l) => Number(l['level']) >= 50)).toEqual([]);
    expect(lines.map((l) => l['msg'])).toContain('shut down');
  });
});

function fetchText(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

describe('production database', () => {
  it('refuses embedded PGlite in production unless ALLOW_EMBEDDED_DB=1', () => {
    expect(() => assertProductionDatabase(loadConfig({ NODE_ENV: 'production' }))).toThrow(/DATABASE_URL/);
    expect(() => assertProductionDatabase(loadConfig({ NODE_ENV: 'production', ALLOW_EMBEDDED_DB: '1' }))).not.toThrow();
    expect(() => assertProductionDatabase(loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/x' }))).not.toThrow();
    expect(() => assertProductionDatabase(loadConfig({}))).not.toThrow();
  });
});
