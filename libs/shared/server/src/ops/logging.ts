import { randomUUID } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type RawRequestDefaultExpression } from 'fastify';

/**
 * Paths pino replaces with '[redacted]' wherever a log line carries them: credentials in
 * headers, and personal data (NRC, mobile, e-mail, names, signatures) or secrets in any
 * object logged at the top level or one level down (e.g. `{ client: { nrc } }`), and the
 * parameters and details of database errors, which quote the values of the failing row.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'body',
  'payload',
  ...['nrc', 'mobile', 'phone', 'email', 'fullname', 'full_name', 'name', 'password', 'token', 'signature', 'otp'].flatMap((k) => [k, `*.${k}`]),
  'err.params',
  'err.detail',
  'err.cause.params',
  'err.cause.detail',
  'err.cause.parameters',
];

// Long tokens (contract links, reset links) and NRC-like or phone-like runs of digits in a path.
const SECRET_SEGMENT = /^[A-Za-z0-9_-]{20,}$|\d{6,}/;

/**
 * The URL as logged: the route's pattern when it has one ('/api/contract/:token', never the
 * token), else the path with token- or NRC-like segments masked; never the query string
 * (searches carry names, NRCs and mobiles).
 */
export function logUrl(req: Pick<FastifyRequest, 'url' | 'routeOptions' | 'is404'>): string {
  const [pathPart, query] = req.url.split('?', 2);
  const pattern = !req.is404 ? req.routeOptions?.url : undefined;
  let p = pattern ?? pathPart.split('/').map((s) => (SECRET_SEGMENT.test(decodeSafe(s)) ? '[redacted]' : s)).join('/');
  if (p.length > 200) p = `${p.slice(0, 200)}...`;
  return query !== undefined ? `${p}?[redacted]` : p;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * The id of a request: a load balancer's X-Request-Id when the api trusts its proxy (so one
 * id follows the request through both logs), else a fresh UUID. Sent back as X-Request-Id
 * and shown by the portal's error page as the reference to quote to support.
 */
export function requestIdGenerator(trustProxy: boolean) {
  return (req: RawRequestDefaultExpression): string => {
    const given = req.headers['x-request-id'];
    if (trustProxy && typeof given === 'string' && REQUEST_ID.test(given)) return given;
    return randomUUID();
  };
}

/**
 * Fastify's logger (pino, JSON lines): every line of a request carries its `reqId`; a
 * request is logged as method, route pattern and status, never its body, headers, query or
 * client address (the audit trail records who did what from where, for those allowed to see it).
 */
export function loggerOptions(level = 'info'): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, url: logUrl(req) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  };
}

/**
 * Fastify's request lines, one per request: nothing when it arrives, one line when it is
 * answered (method, route pattern, status, milliseconds), at info, so LOG_LEVEL=warn (what
 * `npm start` runs the api with unless LOG_LEVEL says otherwise) keeps a screen free of them.
 * A route that is not found is that same one line (its 404), not a second one.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    /* logged once answered */
  }

  override routeNotFound(): void {
    /* the answered line says 404 */
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
