import type { FastifyInstance } from 'fastify';

export interface ShutdownOptions {
  signals?: readonly NodeJS.Signals[];
  /** Longest wait for in-flight requests before exiting anyway. */
  timeoutMs?: number;
  exit?: (code: number) => void;
}

/**
 * Graceful shutdown on SIGTERM/SIGINT: /health/ready turns 503 and the server stops
 * accepting connections (idle keep-alive ones are closed, a request on a busy one gets a
 * 503), requests in flight finish, then the onClose hooks run: pollers stop, the job queue
 * stops (running jobs finish), the session listener ends and the database closes last
 * (server.ts orders them), and the process exits 0. A second signal, or the timeout, exits at once with 1.
 * Returns a function that removes the handlers.
 */
export function closeOnSignals(app: FastifyInstance, opts: ShutdownOptions = {}): () => void {
  const signals = opts.signals ?? ['SIGTERM', 'SIGINT'];
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      exit(1);
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out: exiting with requests still open');
      exit(1);
    }, opts.timeoutMs ?? 25_000);
    timer.unref();
    app.close().then(
      () => {
        clearTimeout(timer);
        app.log.info('shut down');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(timer);
        app.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  };
  for (const s of signals) process.on(s, onSignal);
  return () => {
    for (const s of signals) process.off(s, onSignal);
  };
}
