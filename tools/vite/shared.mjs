// Settings both web apps' Vite configs share. Plain ESM JavaScript so that Vite's config
// loader reads it natively.

/**
 * One origin for cookies (ARCHITECTURE.md): the Vite dev and preview servers forward the
 * api's paths to the api server. GET /login is the sign-in page, so only non-GET /login
 * and /logout go to the api. /dev/inbox is the api's demo inbox page (no app code).
 * @param {string} [target]
 * @returns {Record<string, import('vite').ProxyOptions>}
 */
export function apiProxy(target = process.env['API_URL'] ?? 'http://127.0.0.1:3000') {
  /** @type {import('vite').ProxyOptions['bypass']} */
  const htmlOnGet = (req) => (req.method === 'GET' || req.method === 'HEAD' ? req.url : undefined);
  return {
    '/api': { target, changeOrigin: false, xfwd: true },
    '/sanctum': { target, changeOrigin: false, xfwd: true },
    '^/login$': { target, changeOrigin: false, xfwd: true, bypass: htmlOnGet },
    '^/logout$': { target, changeOrigin: false, xfwd: true, bypass: htmlOnGet },
    // The api's demo inbox (development only; a 404 when it is off), on the apps' origins too.
    '^/dev/inbox': { target, changeOrigin: false, xfwd: true },
  };
}

/**
 * The util libs and shared/ui (components, no module-level effects, no CSS imports) are pure (the contract declares constants and zod schemas at module level,
 * util-format imports date-fns): marking them side-effect free lets a chunk that uses none
 * of a module's exports leave it out, so the apps' first load keeps only what it uses and
 * screens load the rest lazily.
 *
 * So are the session and permissions libs (slices, storage helpers, the listener factory, and
 * their endpoints, injected at module level like a data-access lib's: needed only where a hook
 * or endpoint is imported, so the sign-in page's first load carries no RTK Query), the api slice's lib (data-access-api: the slice, base query, error helpers; its toast
 * middleware imports notistack, which an app without toasts, the borrower app, leaves out) and
 * the domains' feature and data-access libs: a feature module declares screens and
 * components, a data-access module injects its endpoints into the one api slice at module
 * level, and that injection is only needed where its hooks are imported (a screen's lazy
 * chunk). Without this, a barrel imported for its screen descriptors keeps every module it
 * re-exports (the top bar's notification bell, the users endpoints, date-fns) in the first
 * load. Nothing in these libs is imported for its side effect alone (no bare imports, no CSS).
 * @param {string} id
 */
export function moduleSideEffects(id) {
  return !(
    /libs[\\/]shared[\\/](contract|util-format|data-access-api|session|permissions|ui[\\/]src)[\\/]/.test(id) ||
    /libs[\\/](?!shared[\\/])[^\\/]+[\\/](feature|data-access)[\\/]src[\\/]/.test(id)
  );
}

/**
 * React Router's ESM build writes `X.displayName = "..."` after each of its contexts and
 * `forwardRef` components (`Link`, `NavLink`, `Form`, ...). Those property writes count as side
 * effects, so the bundler keeps every such component even when the app imports none of them:
 * the borrower app's first download carried Link, NavLink and Form (~1.9 KB gzip of its 80 KB
 * budget, issue 33). The names only label React DevTools' tree; this plugin drops the writes
 * from react-router's files (lines stay in place: the source maps hold) so unused components
 * shake out, and marks `createContext`/`forwardRef` calls pure (they are) so an unused one
 * goes too.
 * @returns {import('vite').Plugin}
 */
export function shakeReactRouter() {
  return {
    name: 'shake-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return null;
      const out = code
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/= (React\d*)\.(createContext|forwardRef)\(/g, '= /* @__PURE__ */ $1.$2(');
      // Lines are unchanged in number and order: the existing source map stays right (map: null).
      return out === code ? null : { code: out, map: null };
    },
  };
}
