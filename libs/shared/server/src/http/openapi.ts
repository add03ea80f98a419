import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { z, type ZodType } from 'zod';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@loan/shared-contract';
import { defineRoute, registerRoutes, routeNeedsAll, routePermissions, type RouteDef } from './route';

/** Where the interactive reference and the document are served (signed-in staff only). */
export const DOCS_PATH = '/api/docs';
export const OPENAPI_PATH = `${DOCS_PATH}/openapi.json`;

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema of the contract as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1).
 * Requests are described as they are sent (`input`: before coercion and transforms),
 * answers as they are received (`output`). What JSON Schema cannot say (a transform, a
 * custom check) is left open rather than failing the whole document.
 */
export function zodJsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

function whoMayCall(def: RouteDef): string {
  if (def.auth === 'public') return 'Public: no session needed.';
  if (def.auth === 'session') return 'Any signed-in user.';
  const perms = routePermissions(def.auth).map((p) => `\`${p}\``);
  if (perms.length === 1) return `Needs the permission ${perms[0]}.`;
  return routeNeedsAll(def.auth) ? `Needs every one of the permissions ${perms.join(', ')}.` : `Needs one of the permissions ${perms.join(', ')}.`;
}

// @fastify/swagger's key for a response's description (kept out of its schema).
const DESCRIPTION = 'x-response-description';
const MESSAGE = { type: 'object', properties: { message: { type: 'string' } } };
const VALIDATION = {
  type: 'object',
  properties: { message: { type: 'string' }, errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
};

/**
 * The Fastify/OpenAPI schema of a route, built from its definition (the same zod schemas
 * registerRoutes validates with). Only the document reads it: requests are still validated
 * and answers checked by registerRoutes alone.
 */
export function routeOpenApiSchema(def: RouteDef): JsonSchema {
  const response: Record<string, unknown> = {};
  response['2xx'] = def.response
    ? { ...zodJsonSchema(def.response, 'output'), [DESCRIPTION]: 'Success (JSON).' }
    : { type: 'null', [DESCRIPTION]: 'Success: no JSON body (a file, a stream, text or an empty reply).' };
  if (def.auth !== 'public') response['401'] = { [DESCRIPTION]: 'No valid session.', ...MESSAGE };
  if (routePermissions(def.auth).length) response['403'] = { [DESCRIPTION]: "The session's role lacks the permission.", ...MESSAGE };
  if (!['GET', 'HEAD'].includes(def.method)) response['419'] = { [DESCRIPTION]: `CSRF token missing or wrong (send the ${CSRF_COOKIE} cookie back as ${CSRF_HEADER}).`, ...MESSAGE };
  if (def.body || def.query || def.params) response['422'] = { [DESCRIPTION]: 'Validation failed: messages by field.', ...VALIDATION };
  if (def.rateLimit) response['429'] = { [DESCRIPTION]: `Too many calls (at most ${def.rateLimit.limit} per ${def.rateLimit.windowSeconds} s).`, ...MESSAGE };
  const area = def.url.split('/').filter(Boolean);
  return {
    // Beside the path in the reference: who may call it.
    summary: whoMayCall(def),
    tags: [area[0] === 'api' ? (area[1] ?? 'api') : area[0]],
    ...(def.auth === 'public' ? { security: [] } : {}),
    ...(def.params ? { params: zodJsonSchema(def.params, 'input') } : {}),
    ...(def.query ? { querystring: zodJsonSchema(def.query, 'input') } : {}),
    ...(def.body ? { body: zodJsonSchema(def.body, 'input') } : {}),
    response,
  };
}

/**
 * @fastify/swagger in dynamic mode: it sees every route as Fastify registers it and asks
 * `transform` for its schema, which comes from the route's definition in app.routeTable.
 * Must be registered before any route. It registers no route itself.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const byRoute = () => new Map(app.routeTable.map((d) => [`${d.method} ${d.url}`, d]));
  let defs: Map<string, RouteDef> | undefined;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Loan portal API',
        version: '1',
        description:
          'Every route of the api, generated from the contract\'s zod schemas. Sign in through the portal (or `POST /login`) first; ' +
          `state-changing calls need the ${CSRF_COOKIE} cookie sent back as the ${CSRF_HEADER} header (this page does so).`,
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: `The session cookie (\`__Host-${SESSION_COOKIE}\` over https), set by signing in.` } } },
      security: [{ session: [] }],
    },
    transform: ({ route, url }) => {
      defs ??= byRoute();
      const methods = [route.method].flat();
      const def = defs.get(`${methods[0]} ${route.url}`) ?? (defs = byRoute()).get(`${methods[0]} ${route.url}`);
      // A route outside the table has no definition to describe; the route walk fails it anyway.
      if (!def) return { schema: { hide: true }, url };
      return { schema: routeOpenApiSchema(def) as never, url };
    },
  });
}

const UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));

/** The files of the reference page (swagger-ui's own, and the page's start script), with their types. */
const ASSETS = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'start.js': 'text/javascript; charset=utf-8',
} as const;
type AssetName = keyof typeof ASSETS;
const ASSET_NAMES = Object.keys(ASSETS) as [AssetName, ...AssetName[]];

// Starts swagger-ui on the document; "Try it out" sends the session cookie and the CSRF header.
const START_JS = `window.addEventListener('load', function () {
  function csrf() {
    var m = document.cookie.match(/(?:^|; )${CSRF_COOKIE}=([^;]*)/);
    return m ? decodeURIComponent(m[1]) : '';
  }
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
    requestInterceptor: function (req) {
      var t = csrf();
      if (t) req.headers['${CSRF_HEADER}'] = t;
      return req;
    },
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Loan portal API</title>
<link rel="icon" type="image/png" href="${DOCS_PATH}/assets/favicon-32x32.png">
<link rel="stylesheet" href="${DOCS_PATH}/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${DOCS_PATH}/assets/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/assets/start.js"></script>
</body>
</html>
`;

const files = new Map<AssetName, Buffer>();
function asset(name: AssetName): Buffer {
  let buf = files.get(name);
  if (!buf) {
    buf = name === 'start.js' ? Buffer.from(START_JS) : readFileSync(path.join(UI_DIR, name));
    files.set(name, buf);
  }
  return buf;
}

/** Loose shape of the document, enough for the answer check (the test checks the content). */
const openApiDocument = z
  .object({
    openapi: z.literal('3.1.0'),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .loose();

/**
 * GET /api/docs (the interactive reference, swagger-ui served from this origin: no CDN,
 * no inline script, so the app's CSP holds), GET /api/docs/openapi.json (the document)
 * and GET /api/docs/assets/:file, for any signed-in user: the document describes routes
 * whose every call still checks its own permission, and the portal's own code already
 * shows the same paths to anyone signed in, so no extra permission guards anything.
 */
export function registerApiDocs(app: FastifyInstance): void {
  registerRoutes(app, [
    defineRoute({
      method: 'GET',
      url: DOCS_PATH,
      auth: 'session',
      response: null,
      handler: ({ reply }) => reply.type('text/html; charset=utf-8').send(PAGE),
    }),
    defineRoute({
      method: 'GET',
      url: OPENAPI_PATH,
      auth: 'session',
      response: openApiDocument,
      handler: () => app.swagger(),
    }),
    defineRoute({
      method: 'GET',
      url: `${DOCS_PATH}/assets/:file`,
      auth: 'session',
      params: z.object({ file: z.enum(ASSET_NAMES) }).strict(),
      response: null,
      handler: ({ reply, params }) =>
        reply
          .type(ASSETS[params.file])
          .header('cache-control', 'private, max-age=3600')
          .send(asset(params.file)),
    }),
  ]);
}
