import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';

/** An error with an HTTP status, answered as `{ message, errors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    /** More fields of the answer beside `message` (e.g. a 409's link to the record in the way). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Record') => new HttpError(404, `${what} not found.`);
export const conflict = (message: string) => new HttpError(409, message);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
/** 422 with one field error, e.g. `invalid('token', 'This password reset token is invalid.')`. */
export const invalid = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });

/** Laravel's shape: the first message, plus how many more. */
export function validationBody(errors: Record<string, string[]>): { message: string; errors: Record<string, string[]> } {
  const all = Object.values(errors).flat();
  const first = all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return { message: more > 0 ? `${first} (and ${more} more error${more > 1 ? 's' : ''})` : first, errors };
}

export function zodFieldErrors(err: ZodError, prefix?: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

// PostgreSQL errors that can only come from input that slipped past validation: never a 500.
const PG_INPUT_ERRORS = new Set(['22P02', '22003', '22001', '22007', '22008', '22023', '22004', '22025', '23502', '23514', '54000']);
const PG_CONFLICT_ERRORS = new Set(['23505', '23503', '40001', '40P01']);

/** The SQLSTATE of a PostgreSQL error (drizzle wraps the driver's error in `cause`). */
export function postgresCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Whether the error only says that the client went away mid-request (closed the tab, lost
 * the network while its body was uploading): no fault of the server, so no error log.
 */
export function isClientAbort(err: { code?: unknown; message?: unknown }, raw: { aborted?: boolean; destroyed?: boolean }): boolean {
  return (
    err.code === 'ECONNRESET' ||
    err.code === 'ECONNABORTED' ||
    err.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    (err.message === 'aborted' && (raw.aborted === true || raw.destroyed === true))
  );
}

/** The `errors` plugin: one error shape for the whole api. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ message: `The route ${req.method} ${req.url.split('?')[0]} could not be found.` });
  });

  app.setErrorHandler((err: FastifyError & { code?: string }, req, reply) => {
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ ...err.extra, message: err.message, ...(err.errors ? { errors: err.errors } : {}) });
    }
    if (err instanceof ZodError) return reply.code(422).send(validationBody(zodFieldErrors(err)));
    const pgCode = postgresCode(err);
    if (pgCode && PG_INPUT_ERRORS.has(pgCode)) {
      req.log.warn({ err }, 'database rejected input that validation let through');
      return reply.code(422).send({ message: 'The given data was invalid.', errors: {} });
    }
    if (pgCode && PG_CONFLICT_ERRORS.has(pgCode)) {
      return reply.code(409).send({ message: 'The request conflicts with the current state of the data.' });
    }
    if (isClientAbort(err, req.raw)) {
      req.log.info('the client closed the connection before the answer');
      // Nobody reads this answer; sending it lets Fastify finish the request cleanly.
      return reply.code(400).send({ message: 'Request aborted.' });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: malformed JSON, unsupported media type, body too large...
      return reply.code(status).send({ message: err instanceof SyntaxError ? 'Malformed JSON body.' : err.message });
    }
    // A client that went away mid-request (closed tab, lost signal) is not a server fault.
    if (req.raw.destroyed || reply.raw.destroyed) {
      req.log.info({ errMessage: err.message }, 'client disconnected before the answer');
      return reply;
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ message: 'Server Error' });
  });
}
