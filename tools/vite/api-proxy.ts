import type { ProxyOptions } from 'vite';

/**
 * One origin for cookies (ARCHITECTURE.md): the Vite dev and preview servers forward the
 * api's paths to the api server. GET /login is the sign-in page, so only non-GET /login
 * and /logout go to the api.
 */
export function apiProxy(target = process.env['API_URL'] ?? 'http://127.0.0.1:3000'): Record<string, ProxyOptions> {
  const htmlOnGet: ProxyOptions['bypass'] = (req) => (req.method === 'GET' || req.method === 'HEAD' ? req.url : undefined);
  return {
    '/api': { target, changeOrigin: false, xfwd: true },
    '/sanctum': { target, changeOrigin: false, xfwd: true },
    '^/login$': { target, changeOrigin: false, xfwd: true, bypass: htmlOnGet },
    '^/logout$': { target, changeOrigin: false, xfwd: true, bypass: htmlOnGet },
  };
}
