import type { ZodType } from 'zod';
import { DOCS_PATH, OPENAPI_PATH, zodJsonSchema, type RouteDef } from '@loan/shared-server';
import { loginAs, routeName, type TestApp } from '@loan/shared-server/testing';
import { createTestApp } from './test-app';

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: Record<string, unknown>;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface Doc {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

/** '/api/role/byId/:id' as OpenAPI writes it: '/api/role/byId/{id}'. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** The parameters of one kind as the document lists them, as a JSON Schema object. */
function parametersAsObject(op: Operation, where: 'path' | 'query') {
  const params = (op.parameters ?? []).filter((p) => p.in === where);
  return {
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name).sort(),
  };
}

/**
 * The zod schema as JSON Schema, as the document writes it: @fastify/swagger spells
 * `const: x` as the equivalent `enum: [x]`; nothing else may differ.
 */
function expected(schema: ZodType, io: 'input' | 'output'): unknown {
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === 'const') out['enum'] = [v];
      else out[k] = rewrite(v);
    }
    return out;
  };
  return rewrite(zodJsonSchema(schema, io));
}

function expectedObject(schema: ZodType) {
  const json = expected(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return { properties: json.properties ?? {}, required: [...(json.required ?? [])].sort() };
}

describe('API documentation (OpenAPI 3.1 at /api/docs)', () => {
  let t: TestApp;
  let doc: Doc;
  beforeAll(async () => {
    t = await createTestApp();
    const headers = await loginAs(t.app, 'viewer');
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH, headers });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(t.app.routeTable.length).toBeGreaterThan(60);
  });

  it('describes every route of the route table with its request and response schemas', () => {
    const problems: string[] = [];
    for (const def of t.app.routeTable as RouteDef[]) {
      const op = doc.paths[openApiPath(def.url)]?.[def.method.toLowerCase()];
      if (!op) {
        problems.push(`${routeName(def)}: missing`);
        continue;
      }
      const check = (what: string, actual: unknown, expected: unknown) => {
        try {
          expect(actual).toEqual(expected);
        } catch {
          problems.push(`${routeName(def)}: ${what} differs from the zod schema`);
        }
      };
      check('path parameters', parametersAsObject(op, 'path'), def.params ? expectedObject(def.params) : { properties: {}, required: [] });
      check('query parameters', parametersAsObject(op, 'query'), def.query ? expectedObject(def.query) : { properties: {}, required: [] });
      check('request body', op.requestBody?.content['application/json']?.schema, def.body ? expected(def.body, 'input') : undefined);
      const ok = op.responses['2XX'];
      if (!ok) problems.push(`${routeName(def)}: no 2XX answer`);
      else check('answer', ok.content?.['application/json']?.schema, def.response ? expected(def.response, 'output') : undefined);
      if (def.auth !== 'public' && !op.responses['401']) problems.push(`${routeName(def)}: no 401`);
    }
    expect(problems).toEqual([]);
  });

  it('describes nothing that is not in the route table', () => {
    const inTable = new Set(t.app.routeTable.map((d) => `${d.method} ${openApiPath(d.url)}`));
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.filter((d) => !inTable.has(d))).toEqual([]);
    expect(documented).toHaveLength(inTable.size);
  });

  it('answers 401 to an anonymous caller, on the page, the document and the page files', async () => {
    for (const url of [DOCS_PATH, OPENAPI_PATH, `${DOCS_PATH}/assets/swagger-ui-bundle.js`, `${DOCS_PATH}/assets/start.js`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 401]);
      expect(res.body).not.toContain('/api/');
    }
  });

  it('serves the interactive reference to a signed-in user from this origin only (no CDN, no inline script)', async () => {
    const headers = await loginAs(t.app, 'viewer');
    const page = await t.app.inject({ method: 'GET', url: DOCS_PATH, headers });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inline] of scripts) {
      expect(attrs).toMatch(/src="\/api\/docs\/assets\/[^"]+"/);
      expect(inline.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const [, src] of page.body.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const res = await t.app.inject({ method: 'GET', url: src, headers });
      expect([src, res.statusCode]).toEqual([src, 200]);
    }
    const start = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/assets/start.js`, headers });
    expect(start.headers['content-type']).toMatch(/^text\/javascript/);
    expect(start.body).toContain(OPENAPI_PATH);
    const other = await t.app.inject({ method: 'GET', url: `${DOCS_PATH}/assets/package.json`, headers });
    expect(other.statusCode).toBe(422);
  });
});
