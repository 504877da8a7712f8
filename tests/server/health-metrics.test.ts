/**
 * Health, readiness and metrics for a load balancer and Prometheus (issue 28): /health answers while the
 * process lives; /ready says ready while the database answers and the instance accepts traffic, else 503
 * with the failing check; /metrics counts requests by catalogue operation and
 * status with their latency and the open push streams, and is for this machine or a METRICS_TOKEN bearer
 * only (anyone else is told there is nothing there). None of them needs or makes a session. (While an
 * instance shuts down, /ready also says 503: health.ts's preClose hook; Fastify refuses new requests then.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';

describe('health, readiness and metrics', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite', { metricsToken: 'scrape-secret-0123456789' });
  });
  afterAll(async () => t?.close());

  const app = () => t.server.app;

  it('/health and /ready answer without a session', async () => {
    const health = await fetch(`${t.baseUrl}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(health.headers.get('cache-control')).toBe('no-store');
    const ready = await fetch(`${t.baseUrl}/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: true, jobQueue: true, accepting: true },
    });
  });

  it('/metrics counts requests by operation and status, with their latency', async () => {
    const token = await loginAsAdmin(t);
    await call(t, 'POST', '/employee/query', {
      token,
      body: { parameters: [], requestPage: { pageNo: 1, limit: 5 }, sorts: [] },
    });
    await call(t, 'POST', '/employee/query', { body: { parameters: [] } }); // no session: refused
    const res = await fetch(`${t.baseUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    const count = (labels: string) =>
      Number(new RegExp(`^mf_http_requests_total\\{${labels}\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const all = [
      ...text.matchAll(/^mf_http_requests_total\{operation="employee\.query",status="\d+"\} (\d+)$/gm),
    ];
    expect(all.reduce((n, m) => n + Number(m[1]), 0)).toBeGreaterThanOrEqual(2);
    expect(count('operation="employee.query",status="200"')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(
      /^mf_http_request_duration_seconds_bucket\{le="0.5",operation="employee.query"\} \d+$/m,
    );
    expect(text).toMatch(/^mf_push_streams_open 0$/m);
    expect(text).toMatch(/^mf_job_queue_up [01]$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
  });

  it('/metrics is for this machine or a bearer of METRICS_TOKEN only', async () => {
    const remote = { method: 'GET' as const, url: '/metrics', remoteAddress: '203.0.113.9' };
    expect((await app().inject(remote)).statusCode).toBe(404);
    // A forwarded header does not make a remote client local.
    expect((await app().inject({ ...remote, headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(
      404,
    );
    expect(
      (await app().inject({ ...remote, headers: { authorization: 'Bearer wrong-secret-0123456789' } }))
        .statusCode,
    ).toBe(404);
    const allowed = await app().inject({
      ...remote,
      headers: { authorization: 'Bearer scrape-secret-0123456789' },
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('mf_http_requests_total');
  });

  it('/ready says 503 with the failing check when the database does not answer', async () => {
    const other = await startTestServer('pglite');
    try {
      await other.server.database.close();
      const res = await fetch(`${other.baseUrl}/ready`);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ status: 'not ready', checks: { database: false } });
      // The process still answers: the balancer sees it alive but not ready.
      expect((await fetch(`${other.baseUrl}/health`)).status).toBe(200);
    } finally {
      await other.server.app.close();
    }
  });
});
