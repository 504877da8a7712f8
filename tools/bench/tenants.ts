/**
 * `npm run bench tenants` (issue 11): the platform at 1,000 tenants on PostgreSQL, through the real API
 * of a server in its own process (tools/bench/serve.ts, 10,000 employees in the demo tenant):
 *  - each tenant created with its space (saas.tenant.save, then saas.tenant.schema.create): the time of
 *    each, goal ≤ 1 s up to the 1,000th;
 *  - employee.query's p95 (10 connections) at 10 tenants and again at 1,000: goal ≤ 1.2 ×.
 * `-- --tenants N` changes the count (BENCH_TENANTS too).
 */
import pg from 'pg';
import { figure } from './goals.ts';
import { readyLine, startNode, stop } from './proc.ts';
import { load, type Figures } from './throughput.ts';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUERY = { requestPage: { pageNo: 1, limit: 20 } };

function arg(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : undefined;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

export async function tenantsBench(): Promise<void> {
  const total = arg('tenants') ?? Number(process.env.BENCH_TENANTS ?? 1000);
  const name = `mf_bench_tenants_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const child = startNode(['tools/bench/serve.ts', 'app', url.toString(), '10000']);
  try {
    const { port, token } = await readyLine<{ port: number; token: string }>(child);
    const api = `http://127.0.0.1:${port}/api`;
    const post = async (path: string, body?: unknown) => {
      const res = await fetch(`${api}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await res.json()) as { state: number; message: string; data: { id: string } };
      if (envelope.state !== 200) throw new Error(`${path}: ${envelope.message}`);
      return envelope.data;
    };
    const times: number[] = [];
    let made = 1; // the demo tenant
    const createUpTo = async (count: number) => {
      for (; made < count; made++) {
        const code = `bench_t${made}`;
        const t0 = performance.now();
        const tenant = await post('/saas/tenant/save', {
          name: `压测租户${made}`,
          code,
          account: `${code}_admin`,
          email: `admin@${code.replace(/_/g, '-')}.example.cn`,
        });
        await post(`/saas/tenant/schema/create?id=${encodeURIComponent(tenant.id)}`);
        times.push(performance.now() - t0);
      }
    };
    const measure = async (): Promise<Figures> =>
      load(`${api}/employee/query`, token, QUERY).then((f) => {
        if (f.errors) throw new Error(`employee.query answered ${f.errors} errors`);
        return f;
      });

    console.log(`\ntenants (PostgreSQL, through the API; employee.query on 10,000 employees)`);
    await createUpTo(10);
    const at10 = await measure();
    const t0 = performance.now();
    await createUpTo(total);
    const seconds = (performance.now() - t0) / 1000;
    const atTotal = await measure();
    const last = times.slice(-100).sort((a, b) => a - b);
    const all = [...times].sort((a, b) => a - b);
    console.log(
      `  ${total.toLocaleString('en')} tenants made in ${seconds.toFixed(0)} s; each: p50 ${percentile(all, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(all, 95).toFixed(0)} ms, max ${all[all.length - 1].toFixed(0)} ms`,
    );
    console.log(
      `  employee.query at 10 tenants: ${at10.rps.toFixed(0)} req/s, p95 ${at10.p95.toFixed(0)} ms; ` +
        `at ${total.toLocaleString('en')}: ${atTotal.rps.toFixed(0)} req/s, p95 ${atTotal.p95.toFixed(0)} ms`,
    );
    figure(`tenant + space, slowest of the last 100`, last[last.length - 1], 'ms', 1000, 'max');
    figure(
      `employee.query p95 at ${total.toLocaleString('en')} ÷ at 10, ×100`,
      (100 * atTotal.p95) / Math.max(1, at10.p95),
      '%',
      120,
      'max',
    );
  } finally {
    await stop(child);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
