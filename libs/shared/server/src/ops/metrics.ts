import type { FastifyInstance } from 'fastify';

/** Connections of the node-postgres pool (PGlite has one connection and no pool). */
export interface PoolStats {
  /** Connections open (busy + idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The pool's size. */
  max: number;
}

// Seconds; Prometheus' usual latency buckets, trimmed to what an api call can take.
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface Histogram {
  counts: number[];
  sum: number;
  count: number;
}

const esc = (v: string) => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

/**
 * Request counters and latency histograms by route pattern (never by raw URL: tokens and
 * ids would leak into labels and make the series unbounded), in Prometheus' text format.
 * In-process: each api instance is scraped on its own.
 */
export class Metrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, Histogram>();
  private readonly started = Date.now();

  observe(method: string, route: string, status: number, seconds: number): void {
    const rkey = `${method}\u0000${route}\u0000${status}`;
    this.requests.set(rkey, (this.requests.get(rkey) ?? 0) + 1);
    const lkey = `${method}\u0000${route}`;
    let h = this.latency.get(lkey);
    if (!h) this.latency.set(lkey, (h = { counts: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    for (let i = 0; i < BUCKETS.length; i += 1) if (seconds <= BUCKETS[i]) h.counts[i] += 1;
    h.sum += seconds;
    h.count += 1;
  }

  render(pool?: PoolStats, queues?: ReadonlyArray<{ name: string; queued: number; active: number; failed: number }>): string {
    const lines: string[] = [];
    lines.push('# HELP http_requests_total Requests answered, by method, route pattern and status.');
    lines.push('# TYPE http_requests_total counter');
    for (const [key, n] of this.requests) {
      const [method, route, status] = key.split('\u0000');
      lines.push(`http_requests_total{method="${esc(method)}",route="${esc(route)}",status="${status}"} ${n}`);
    }
    lines.push('# HELP http_request_duration_seconds Time to answer, by method and route pattern.');
    lines.push('# TYPE http_request_duration_seconds histogram');
    for (const [key, h] of this.latency) {
      const [method, route] = key.split('\u0000');
      const labels = `method="${esc(method)}",route="${esc(route)}"`;
      BUCKETS.forEach((le, i) => lines.push(`http_request_duration_seconds_bucket{${labels},le="${le}"} ${h.counts[i]}`));
      lines.push(`http_request_duration_seconds_bucket{${labels},le="+Inf"} ${h.count}`);
      lines.push(`http_request_duration_seconds_sum{${labels}} ${h.sum.toFixed(6)}`);
      lines.push(`http_request_duration_seconds_count{${labels}} ${h.count}`);
    }
    if (pool) {
      lines.push('# HELP db_pool_connections Connections of the PostgreSQL pool, by state.');
      lines.push('# TYPE db_pool_connections gauge');
      lines.push(`db_pool_connections{state="busy"} ${pool.total - pool.idle}`);
      lines.push(`db_pool_connections{state="idle"} ${pool.idle}`);
      lines.push(`db_pool_connections{state="max"} ${pool.max}`);
      lines.push('# HELP db_pool_waiting Queries waiting for a pool connection.');
      lines.push('# TYPE db_pool_waiting gauge');
      lines.push(`db_pool_waiting ${pool.waiting}`);
    }
    if (queues && queues.length) {
      lines.push('# HELP jobs_queue_depth Background jobs by queue and state (waiting, active, failed).');
      lines.push('# TYPE jobs_queue_depth gauge');
      for (const q of queues) {
        lines.push(`jobs_queue_depth{queue="${esc(q.name)}",state="queued"} ${q.queued}`);
        lines.push(`jobs_queue_depth{queue="${esc(q.name)}",state="active"} ${q.active}`);
        lines.push(`jobs_queue_depth{queue="${esc(q.name)}",state="failed"} ${q.failed}`);
      }
    }
    const mem = process.memoryUsage();
    lines.push('# HELP process_resident_memory_bytes Resident memory.');
    lines.push('# TYPE process_resident_memory_bytes gauge');
    lines.push(`process_resident_memory_bytes ${mem.rss}`);
    lines.push('# HELP process_uptime_seconds Seconds since this instance started.');
    lines.push('# TYPE process_uptime_seconds gauge');
    lines.push(`process_uptime_seconds ${((Date.now() - this.started) / 1000).toFixed(0)}`);
    return `${lines.join('\n')}\n`;
  }
}

/** The route label of a request: its pattern, 'web' for a page or file of the apps, else 'unmatched'. */
export function routeLabel(url: string | undefined, is404: boolean, status: number): string {
  if (url && !is404) return url;
  return status < 400 ? 'web' : 'unmatched';
}

/** Counts every answered request into `metrics`. */
export function collectMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (req, reply) => {
    metrics.observe(req.method, routeLabel(req.routeOptions.url, req.is404, reply.statusCode), reply.statusCode, reply.elapsedTime / 1000);
  });
}
