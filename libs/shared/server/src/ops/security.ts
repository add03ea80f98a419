import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';

/**
 * The Content-Security-Policy both built apps run under (checked in Chromium: no
 * violation on login, dashboard, the application form and the contract page).
 * - Scripts: only the app's own files; no inline script, no eval.
 * - Styles: own files plus 'unsafe-inline' for <style> elements created at run time:
 *   notistack (goober) and apexcharts inject their CSS so, and neither offers a nonce.
 *   Inline styles cannot run code; the remaining risk (CSS used to leak page text) needs
 *   an HTML injection first, which React's escaping and the strict script-src guard.
 * - Images: own files, data: (apexcharts' export icons, the signature pad's preview) and
 *   blob: (a signature or upload previewed before it is sent).
 * - Everything else is same-origin; no plugins, no framing, forms post only here.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  scriptSrcAttr: ["'none'"],
  // Helmet's default upgrade-insecure-requests would break a plain-http local or LAN
  // install; behind https, HSTS (also sent) keeps browsers on https.
  upgradeInsecureRequests: null,
};

/**
 * Security headers (helmet, with the CSP above), `Cache-Control: no-store` on every answer
 * that does not set its own (api answers carry personal data: no browser or proxy may keep
 * them; the web apps' files set their own caching), and compression (br, gzip) of answers
 * over 1 KB. Files built with .br/.gz beside them are sent precompressed instead.
 */
export async function registerHttpHardening(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // The borrower app opens no popups and embeds nothing cross-origin.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Quality 11 (the default) costs ~100x the time of 4 for a few per cent: answers are
    // compressed per request; the apps' files are compressed once, at build time.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
