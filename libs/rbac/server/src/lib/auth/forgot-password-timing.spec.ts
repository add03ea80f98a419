import { createTestApp, createTestUser, csrfHeaders, type TestApp } from '@loan/shared-server/testing';
import { rbacServer } from '../../index';

/**
 * Issue 11 item 15: forgot-password must not tell who has an account by how fast it
 * answers. Known and unknown addresses are asked alternately (each known address once,
 * each from its own IP, so no limit interferes) and the median times compared.
 */
const ROUNDS = 10;
// The gap the floor removes is the sending work (token, two inserts, the e-mail port):
// 20 to 60 ms on PostgreSQL and PGlite. Medians of equal work stay within a few ms on an idle
// machine; the tolerance leaves room for a loaded CI runner.
const TOLERANCE_MS = 15;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

describe('forgot-password timing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [rbacServer] });
  });
  afterAll(() => t.close());

  it('takes the same time for known and unknown e-mail addresses', async () => {
    const known: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const { headers } = await createTestUser(t.app, []);
      known.push((await t.app.inject({ method: 'GET', url: '/api/user', headers })).json().email);
    }
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email }, headers: csrfHeaders(), remoteAddress: ip });
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    // Warm-up of both paths (first queries plan and cache).
    await time('warm-up-nobody@test.zm', '10.9.9.1');
    await time(known[0], '10.9.9.2');
    const k: number[] = [];
    const u: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      k.push(await time(known[i], `10.9.1.${i}`));
      u.push(await time(`nobody-${i}@test.zm`, `10.9.2.${i}`));
    }
    // Every known address (but the warmed-up one, asked twice) got its link.
    expect(t.inbox.messages.filter((m) => m.purpose === 'password_reset').length).toBe(ROUNDS + 1);
    expect(Math.abs(median(k) - median(u))).toBeLessThan(TOLERANCE_MS);
  });
});
