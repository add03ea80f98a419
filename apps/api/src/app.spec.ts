import { buildApp } from './app';

describe('api', () => {
  it('answers GET /sanctum/csrf-cookie with an XSRF-TOKEN cookie', async () => {
    const app = await buildApp();
    const res = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie?.httpOnly).toBeFalsy();
    await app.close();
  });
});
