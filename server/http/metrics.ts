/**
 * Prometheus metrics at GET /metrics (prom-client, issue 28), one registry per app (tests run several
 * apps in one process): requests by catalogue operation and status with a latency histogram, the open
 * push streams, whether the job queue runs, and the process's own (CPU, memory, event loop lag, heap).
 *
 * Who may read them: a request from this machine (a Prometheus or load balancer beside the instance), or
 * one bearing METRICS_TOKEN when that is set. Anything else is told 404, as an address that is not there.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface MetricsSources {
  /** Open bell streams of this process. */
  openStreams(): number;
  /** 1 while the job queue runs in this process, else 0. */
  jobQueueUp?(): number;
  /** METRICS_TOKEN: a bearer token that also lets remote scrapers in. */
  token?: string;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function mayRead(req: FastifyRequest, token: string | undefined): boolean {
  const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (token && given) {
    const a = Buffer.from(given);
    const b = Buffer.from(token);
    if (a.length === b.length && timingSafeEqual(a, b)) return true;
  }
  // The socket's own address: a forwarded header does not make a remote client local.
  return LOOPBACK.has(req.socket.remoteAddress ?? '');
}

/** The operation label of a request: its catalogue id, else the kind of address it was. */
function operationOf(req: FastifyRequest): string {
  const operation = (req.routeOptions.config as { operation?: unknown } | undefined)?.operation;
  if (typeof operation === 'string') return operation;
  return req.routeOptions.url === undefined ? 'unmatched' : 'other';
}

export function installMetrics(app: FastifyInstance, sources: MetricsSources): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'mf_http_requests_total',
    help: 'Requests answered, by catalogue operation and HTTP status',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'mf_http_request_duration_seconds',
    help: 'Time to answer a request, by catalogue operation',
    labelNames: ['operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'mf_push_streams_open',
    help: 'Open bell event streams of this process',
    registers: [registry],
    collect() {
      this.set(sources.openStreams());
    },
  });
  if (sources.jobQueueUp)
    new Gauge({
      name: 'mf_job_queue_up',
      help: '1 while the job queue runs in this process',
      registers: [registry],
      collect() {
        this.set(sources.jobQueueUp!());
      },
    });

  app.addHook('onResponse', async (req, reply) => {
    const operation = operationOf(req);
    requests.inc({ operation, status: String(reply.statusCode) });
    latency.observe({ operation }, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (req, reply) => {
    if (!mayRead(req, sources.token)) return reply.code(404).send();
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
  return registry;
}
