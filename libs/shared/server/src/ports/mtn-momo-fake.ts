import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local fakes of the mobile-money providers for the adapters' tests (not exported by the
 * library): a plain HTTP server on a free port, and on it MTN MoMo's product API
 * (token, request under X-Reference-Id, status GET) as its public documentation describes it.
 */

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeServer {
  base: string;
  /** Every request received, in order. */
  seen: SeenRequest[];
  close(): Promise<void>;
}

export type FakeJson = (status: number, value?: unknown) => void;

/** A local HTTP server answering `handle(request, json)`. */
export async function startFakeServer(handle: (req: SeenRequest, json: FakeJson, res: ServerResponse) => void): Promise<FakeServer> {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(r);
      handle(
        r,
        (status, value) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(value === undefined ? '' : JSON.stringify(value));
        },
        res,
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface MtnMomoFakeOptions {
  product: 'collection' | 'disbursement';
  /** 'requesttopay' or 'transfer'. */
  resource: string;
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  /** What the provider records for a new request (its status and transaction id). */
  accept: (body: Record<string, unknown>) => Record<string, unknown>;
}

export interface MtnMomoFake extends FakeServer {
  /** The requests by reference id: a test settles one by changing its record. */
  records: Map<string, Record<string, unknown>>;
  /** How many tokens were handed out. */
  tokens(): number;
}

export async function startMtnMomoFake(opts: MtnMomoFakeOptions): Promise<MtnMomoFake> {
  const records = new Map<string, Record<string, unknown>>();
  let tokens = 0;
  const prefix = `/${opts.product}`;
  const statusPath = new RegExp(`^${prefix}/v1_0/${opts.resource}/(.+)$`);
  const server = await startFakeServer((req, json) => {
    if (req.headers['ocp-apim-subscription-key'] !== opts.subscriptionKey) return json(401, { message: 'no subscription key' });
    if (req.method === 'POST' && req.url === `${prefix}/token/`) {
      if (req.headers.authorization !== `Basic ${Buffer.from(`${opts.apiUser}:${opts.apiKey}`).toString('base64')}`) return json(401);
      tokens++;
      return json(200, { access_token: `tok-${tokens}`, token_type: 'access_token', expires_in: 3600 });
    }
    if (!req.headers.authorization?.startsWith('Bearer tok-')) return json(401);
    if (req.method === 'POST' && req.url === `${prefix}/v1_0/${opts.resource}`) {
      const ref = String(req.headers['x-reference-id']);
      if (records.has(ref)) return json(409, { code: 'RESOURCE_ALREADY_EXIST' });
      const body = JSON.parse(req.body) as Record<string, unknown>;
      records.set(ref, { ...body, ...opts.accept(body) });
      return json(202);
    }
    const m = statusPath.exec(req.url);
    if (req.method === 'GET' && m) {
      const r = records.get(decodeURIComponent(m[1]));
      return r ? json(200, r) : json(404, { code: 'RESOURCE_NOT_FOUND' });
    }
    json(404);
  });
  return { ...server, records, tokens: () => tokens };
}
