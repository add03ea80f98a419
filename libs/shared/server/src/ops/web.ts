import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/** The two built web apps, as `npm run build` writes them (dist/apps/<name>). */
export type WebAppName = 'portal' | 'public-borrower';

export interface WebOptions {
  /** Folder holding `portal/` and `public-borrower/` (each a Vite build with index.html). */
  dir: string;
  /** On this host name every page is the borrower app (e.g. apply.lender.zm). */
  borrowerHost?: string;
}

// Paths that belong to the api: never answered with a page, so a missing endpoint stays a JSON 404
// (/dev: the demo inbox, which is off wherever the api serves the built apps in production).
const API_PATHS = /^\/(api|sanctum|health|dev)(\/|$)|^\/metrics$/;
// The borrower's pages (spec §2: /apply, /loan-offer-letter/{token}). On the staff host they
// get the borrower app too: links in SMS point here, and a phone should load the small app,
// not the staff portal (which can show these pages as well, but is several times larger).
const BORROWER_PAGES = /^\/(apply|loan-offer-letter)(\/|$)/;
// Vite puts content-hashed files here: their name changes when their content does.
const HASHED = /^\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Files outside assets/ (favicon.ico): short-lived, revalidated with ETag.
const SHORT = 'public, max-age=3600';

interface WebApp {
  name: WebAppName;
  root: string;
  /** '/assets/index-3fa9.js', ... : every file the app may serve (no source maps, no .br/.gz). */
  files: Set<string>;
}

function listFiles(root: string): Set<string> {
  const out = new Set<string>();
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const abs = path.join(dir, entry.name);
      const url = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(abs, url);
      else if (entry.isFile() && !/\.(map|br|gz)$/.test(entry.name)) out.add(url);
    }
  };
  walk(root, '');
  return out;
}

function loadApp(dir: string, name: WebAppName): WebApp | undefined {
  const root = path.join(dir, name);
  if (!existsSync(path.join(root, 'index.html')) || !statSync(root).isDirectory()) return undefined;
  return { name, root, files: listFiles(root) };
}

/** The path of a request, decoded; undefined when it is malformed or tries to leave the root. */
function requestPath(req: FastifyRequest): string | undefined {
  const raw = req.url.split('?')[0];
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').includes('..')) return undefined;
  return decoded;
}

/**
 * Serves the built portal and borrower app from the api's own origin (one origin for
 * cookies, no CORS, no Vite in production): hashed assets cached for a year as immutable,
 * index.html never cached, every other GET of a page path answered with the app's
 * index.html (the client-side router takes it from there). Files are precompressed by
 * `npm run build` (.br, .gz beside them) and sent as such when the browser accepts it.
 *
 * Nothing is registered as a route: a GET that matches no api route reaches Fastify's
 * not-found handling, and this hook answers it when it is a page or a file of an app.
 * Api paths (/api, /sanctum, /health, /metrics) keep their JSON 404.
 */
export async function registerWebApps(app: FastifyInstance, opts: WebOptions): Promise<WebAppName[]> {
  const portal = loadApp(opts.dir, 'portal');
  const borrower = loadApp(opts.dir, 'public-borrower');
  const main = portal ?? borrower;
  if (!main) throw new Error(`no built web app in ${opts.dir} (run npm run build, or unset WEB_DIR)`);
  const borrowerHost = opts.borrowerHost?.toLowerCase();

  // Only reply.sendFile: no routes (the route walk requires every route to declare its auth).
  await app.register(fastifyStatic, { root: main.root, serve: false, preCompressed: true, dotfiles: 'deny' });

  /** The apps to look in for this request, the one whose pages it shows first. */
  const appsFor = (req: FastifyRequest, urlPath: string): WebApp[] => {
    const onBorrowerHost = !!borrowerHost && req.hostname.toLowerCase() === borrowerHost;
    if (onBorrowerHost) return [borrower ?? main];
    const first = BORROWER_PAGES.test(urlPath) && borrower ? borrower : main;
    return [first, ...[portal, borrower].filter((a): a is WebApp => !!a && a !== first)];
  };

  const sendFile = (reply: FastifyReply, webApp: WebApp, file: string) => {
    if (file === '/index.html') {
      reply.header('cache-control', 'no-store');
      return reply.sendFile('index.html', webApp.root, { cacheControl: false });
    }
    reply.header('cache-control', HASHED.test(file) ? IMMUTABLE : SHORT);
    return reply.sendFile(file.slice(1), webApp.root, { cacheControl: false });
  };

  app.addHook('onRequest', async (req, reply) => {
    if (!req.is404 || (req.method !== 'GET' && req.method !== 'HEAD')) return;
    const urlPath = requestPath(req);
    if (urlPath === undefined || API_PATHS.test(urlPath)) return;
    const candidates = appsFor(req, urlPath);
    for (const webApp of candidates) {
      if (urlPath !== '/' && webApp.files.has(urlPath)) return sendFile(reply, webApp, urlPath);
    }
    // A path that names a file (has an extension) and is not one: a real 404, not a page.
    if (/\.[a-z0-9]+$/i.test(urlPath) && !urlPath.endsWith('.html')) return;
    return sendFile(reply, candidates[0], '/index.html');
  });
  return [portal?.name, borrower?.name].filter((n): n is WebAppName => !!n);
}
