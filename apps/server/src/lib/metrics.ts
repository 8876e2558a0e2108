import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/client';

/** Label of a request that matched no route: never the raw URL (one series per path would be unbounded). */
export const UNMATCHED_ROUTE = 'unmatched';

/** The process's Prometheus metrics, in a registry per app (tests build several), served on METRICS_PORT only. */
export interface Metrics {
  registry: Registry;
  /** an answered request, by matched route pattern and status */
  request(labels: { method: string; route: string; status_code: string }, seconds: number): void;
  /** a response cache lookup (lib/cache/response-cache.ts): served from memory or not */
  cacheLookup(hit: boolean): void;
  /** a gauge read when scraped (export slots in use, login queue length, …) */
  gauge(name: string, help: string, read: () => number): void;
}

export function createMetrics(opts: { pool: () => PoolStats }): Metrics {
  const registry = new Registry();
  // process memory, CPU, event loop lag, handles, GC: prom-client's defaults
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database connections by state: total and idle connections, and queries waiting for one (PGlite: its single connection)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const s = opts.pool();
      this.set({ state: 'total' }, s.total);
      this.set({ state: 'idle' }, s.idle);
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'waiting' }, s.waiting);
    },
  });
  const cache = new Counter({
    name: 'portal_response_cache_lookups_total',
    help: 'Response cache lookups of cached list routes, by result (hit|miss)',
    labelNames: ['result'],
    registers: [registry],
  });
  cache.inc({ result: 'hit' }, 0);
  cache.inc({ result: 'miss' }, 0);
  return {
    registry,
    request(labels, seconds) {
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    cacheLookup: (hit) => cache.inc({ result: hit ? 'hit' : 'miss' }),
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    },
  };
}

/** Counts and times every answer of `app` by its matched route pattern (not the URL) and status. */
export function instrument(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE);
    metrics.request({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/** GET /metrics on its own port (METRICS_PORT), never through the public one. */
export async function startMetricsServer(registry: Registry, port: number, host: string): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => (server.off('error', reject), resolve()));
  });
  return { server, port: (server.address() as AddressInfo).port };
}
