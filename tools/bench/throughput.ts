/**
 * employee.query under load (autocannon) on the real app next to a bare Fastify route running the
 * same SQL on the same data: PGlite with 100k employees, PostgreSQL with 1M.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { readyLine, startNode, stop } from './proc.ts';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(url: string, token: string, body: unknown): Promise<Figures> {
  const r = await autocannon({
    url,
    method: 'POST',
    connections: 10,
    duration: DURATION,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.non2xx + r.errors };
}

const SCENARIOS: [string, unknown][] = [
  ['first page (with count)', { requestPage: { pageNo: 1, limit: 20 } }],
  ['page 50, count known', { requestPage: { pageNo: 50, limit: 20, totalCount: 1 } }],
  ['name search 王伟', { parameters: [{ key: 'name', value: '王伟' }], requestPage: { pageNo: 1, limit: 20 } }],
];

async function compare(label: string, where: string, employees: number): Promise<void> {
  console.log(`\n${label}: ${employees.toLocaleString('en')} employees`);
  const results: Record<string, Figures>[] = [];
  for (const mode of ['app', 'bare'] as const) {
    const child = startNode(['tools/bench/serve.ts', mode, where, String(employees)]);
    try {
      const { port, token } = await readyLine<{ port: number; token: string }>(child);
      const path = mode === 'app' ? '/api/employee/query' : '/bare/employee/query';
      const row: Record<string, Figures> = {};
      for (const [name, body] of SCENARIOS) row[name] = await load(`http://127.0.0.1:${port}${path}`, token, body);
      results.push(row);
    } finally {
      await stop(child);
    }
  }
  const [app, bare] = results;
  for (const [name] of SCENARIOS) {
    const a = app[name];
    const b = bare[name];
    console.log(
      `  ${name.padEnd(26)} app ${a.rps.toFixed(0).padStart(6)} req/s p50 ${a.p50} ms p99 ${a.p99} ms` +
        ` | bare ${b.rps.toFixed(0).padStart(6)} req/s p99 ${b.p99} ms | ratio ${(a.rps / b.rps).toFixed(2)}` +
        (a.errors || b.errors ? ` | non-2xx/errors app ${a.errors} bare ${b.errors}` : ''),
    );
  }
}

export async function throughput(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mf-bench-'));
  try {
    await compare('PGlite (embedded)', dir, Number(process.env.BENCH_PGLITE_ROWS ?? 100_000));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const name = `mf_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    await compare('PostgreSQL', url.toString(), Number(process.env.BENCH_POSTGRES_ROWS ?? 1_000_000));
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
