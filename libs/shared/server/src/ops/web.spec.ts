import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../testing';

/** A dist/apps folder as `npm run build` leaves it: two apps, hashed assets, precompressed copies. */
function fakeBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-apps-'));
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  for (const app of ['portal', 'public-borrower']) {
    mkdirSync(path.join(dir, app, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, app, 'index.html'), `<!doctype html><title>${app}</title><script type="module" src="/assets/${app}-Ab12.js"></script>`);
    writeFileSync(path.join(dir, app, 'assets', `${app}-Ab12.js`), js);
    writeFileSync(path.join(dir, app, 'assets', `${app}-Ab12.js.br`), brotliCompressSync(js));
    writeFileSync(path.join(dir, app, 'assets', `${app}-Ab12.js.map`), '{}');
    writeFileSync(path.join(dir, app, 'favicon.ico'), 'icon');
  }
  return dir;
}

describe('serving the built web apps from the api', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fakeBuild();
    t = await createTestApp({ seed: 'none', config: { webDir: dir, borrowerHost: 'apply.lender.test' } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('answers page paths with the portal index.html, never cached (SPA fallback)', async () => {
    for (const url of ['/', '/login', '/dashboard', '/loans/applications/12', '/error?x=1']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 200]);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>portal</title>');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("answers the borrower's pages with the borrower app, and every page on the borrower host", async () => {
    for (const url of ['/apply', '/loan-offer-letter/abcDEF123']) expect((await get(url)).body).toContain('<title>public-borrower</title>');
    const onHost = await get('/anything', { host: 'apply.lender.test' });
    expect(onHost.body).toContain('<title>public-borrower</title>');
    expect((await get('/assets/portal-Ab12.js', { host: 'apply.lender.test' })).statusCode).toBe(404);
  });

  it('sends hashed assets as immutable for a year, precompressed when the browser takes br', async () => {
    const plain = await get('/assets/portal-Ab12.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toMatch(/javascript/);
    const br = await get('/assets/public-borrower-Ab12.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('xxxx');
    expect((await get('/favicon.ico')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('keeps JSON 404s for api paths and missing files; serves no source maps; refuses traversal', async () => {
    for (const url of ['/api/nothing', '/sanctum/x', '/health/nope', '/dev/inbox', '/assets/missing-1.js', '/assets/portal-Ab12.js.map', '/..%2f..%2fetc%2fpasswd', '/assets/%2e%2e/%2e%2e/%2e%2e/package.json']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
    const post = await t.app.inject({ method: 'POST', url: '/dashboard', payload: {} });
    expect(post.statusCode).toBe(404);
  });
});
