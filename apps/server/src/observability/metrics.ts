// Prometheus metrics of one app instance (`/metrics`, docs/architecture.md §The pieces). Each instance has its own
// registry, never prom-client's global one, so the many apps a test run builds never share or collide on metric
// names.

import type { Kysely } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/schema';

const METRICS_PREFIX = 'marquee_';

/** Latency buckets in seconds: API calls are milliseconds; uploads and slow databases reach seconds. */
const LATENCY_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type HttpLabels = 'method' | 'route' | 'status';

export interface MetricsOptions {
  /** Process metrics (memory, CPU, event loop); off in tests that only read the service's own metrics. */
  defaultMetrics?: boolean;
  /** Whether the node reaches Redis now; set when REDIS_URL is, and exported as marquee_redis_connected. */
  redisConnected?: () => boolean;
}

export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<HttpLabels>;
  readonly httpDuration: Histogram<HttpLabels>;
  /** Heartbeats recorded (POST /_internal/players/{id}/heartbeat answered 2xx); counted by the request hook. */
  readonly heartbeats: Counter;
  readonly playersRegistered: Gauge;

  constructor(db: Kysely<Database>, options: MetricsOptions = {}) {
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: `${METRICS_PREFIX}http_requests_total`,
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: `${METRICS_PREFIX}http_request_duration_seconds`,
      help: 'Time to answer an HTTP request, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.heartbeats = new Counter({
      name: `${METRICS_PREFIX}heartbeats_total`,
      help: 'Player heartbeats recorded',
      registers,
    });
    this.playersRegistered = new Gauge({
      name: `${METRICS_PREFIX}players_registered`,
      help: 'Players registered (rows of the players table), read from the database at each scrape',
      registers,
      // Read at scrape time: the count is right on every node of a scaled-out service, whoever registered them.
      async collect() {
        const row = await db
          .selectFrom('players')
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow();
        this.set(Number(row.count));
      },
    });
    const { redisConnected } = options;
    if (redisConnected !== undefined) {
      new Gauge({
        name: `${METRICS_PREFIX}redis_connected`,
        help: '1 while Redis is reachable (realtime changes of other nodes arrive), 0 while it is not',
        registers,
        collect() {
          this.set(redisConnected() ? 1 : 0);
        },
      });
    }
    if (options.defaultMetrics ?? true) {
      collectDefaultMetrics({ register: this.registry, prefix: METRICS_PREFIX });
    }
  }

  /** Records one answered request; `seconds` is the time it took. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const labels = { method, route, status: String(status) };
    this.httpRequests.inc(labels);
    this.httpDuration.observe(labels, seconds);
  }

  /** The exposition text of every metric. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
