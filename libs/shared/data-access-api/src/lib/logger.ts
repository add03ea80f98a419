/**
 * Request/response logging (spec §7 "Each request and response is logged").
 * Debug level, switchable: on in development, or with localStorage 'debug:api' = '1'.
 */
function enabled(): boolean {
  try {
    if (typeof localStorage !== 'undefined' && localStorage.getItem('debug:api') === '1') return true;
  } catch {
    /* storage may be unavailable */
  }
  return typeof process !== 'undefined' && process.env?.['NODE_ENV'] === 'development';
}

export const apiLogger = {
  request(method: string, url: string) {
    if (enabled()) console.debug(`[api] → ${method} ${url}`);
  },
  response(method: string, url: string, status: number | string) {
    if (enabled()) console.debug(`[api] ← ${method} ${url} ${status}`);
  },
  error(method: string, url: string, status: number | string, data?: unknown) {
    // Failures other than 401 are only logged (spec §8). Under jest, tests provoke them on
    // purpose; they are logged there only with debugging switched on.
    if (typeof process !== 'undefined' && process.env?.['NODE_ENV'] === 'test' && !enabled()) return;
    console.warn(`[api] ✕ ${method} ${url} ${status}`, data ?? '');
  },
};
