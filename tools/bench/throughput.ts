/**
 * employee.query under load (autocannon, 10 connections) on the real app next to a bare Fastify route
 * running the same handler code (no routing table, validation, session or envelope) on the same data:
 * PGlite with 100k employees, PostgreSQL with 100k by default — the table is measured with
 * 1M: `npm run bench throughput -- --pg-rows 1000000` (or BENCH_POSTGRES_ROWS). --pglite-rows too.
 * Each figure is printed beside its goal (issue 15).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureBuild } from './ensure-build.ts';
import { figure } from './goals.ts';
import { readyLine, startNode, stop } from './proc.ts';

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
// Each scenario is first run unmeasured, so the figure is a warm server's (JIT-compiled code, a filled
// session cache and pool), as in use, not the first seconds after a start: those differed by up to 1.5×.
const WARM_UP = Number(process.env.BENCH_WARM_UP_SECONDS ?? 3);

function arg(name: string): number | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : undefined;
}

export interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

export async function load(url: string, token: string, body: unknown, seconds = DURATION): Promise<Figures> {
  const times: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        method: 'POST',
        connections: 10,
        duration: seconds,
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  times.sort((a, b) => a - b);
  return {
    rps: r.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: r.non2xx + r.errors,
  };
}

type Scenario = 'first' | 'page50' | 'search';
const SCENARIOS: [Scenario, string, unknown][] = [
  ['first', 'first page with count', { requestPage: { pageNo: 1, limit: 20 } }],
  ['page50', 'page 50, count known', { requestPage: { pageNo: 50, limit: 20, totalCount: 1 } }],
  [
    'search',
    'name search 王伟',
    { parameters: [{ key: 'name', value: '王伟' }], requestPage: { pageNo: 1, limit: 20 } },
  ],
];

async function compare(
  label: string,
  where: string,
  employees: number,
): Promise<Record<Scenario, Figures>[]> {
  console.log(`\n${label}: ${employees.toLocaleString('en')} employees`);
  const results: Record<Scenario, Figures>[] = [];
  for (const mode of ['app', 'bare'] as const) {
    const t0 = performance.now();
    const child = startNode(['tools/bench/serve.ts', mode, where, String(employees)]);
    try {
      const { port, token } = await readyLine<{ port: number; token: string }>(child);
      console.log(
        `  (${mode} server ready with the data in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
      );
      const path = mode === 'app' ? '/api/employee/query' : '/bare/employee/query';
      const row = {} as Record<Scenario, Figures>;
      for (const [key, , body] of SCENARIOS) {
        const url = `http://127.0.0.1:${port}${path}`;
        if (WARM_UP > 0) await load(url, token, body, WARM_UP);
        row[key] = await load(url, token, body);
      }
      results.push(row);
    } finally {
      await stop(child);
    }
  }
  const [app, bare] = results;
  for (const [key, name] of SCENARIOS) {
    const a = app[key];
    const b = bare[key];
    console.log(
      `  ${name.padEnd(24)} app ${a.rps.toFixed(0).padStart(6)} req/s p50 ${a.p50} p95 ${a.p95} p99 ${a.p99} ms` +
        ` | bare ${b.rps.toFixed(0).padStart(6)} req/s p95 ${b.p95} p99 ${b.p99} ms | ratio ${(a.rps / b.rps).toFixed(2)}` +
        (a.errors || b.errors ? ` | non-2xx/errors app ${a.errors} bare ${b.errors}` : ''),
    );
  }
  return results;
}

export async function throughput(): Promise<void> {
  await ensureBuild(); // the app serves dist/ as in production
  const pgliteRows = arg('pglite-rows') ?? Number(process.env.BENCH_PGLITE_ROWS ?? 100_000);
  const pgRows = arg('pg-rows') ?? Number(process.env.BENCH_POSTGRES_ROWS ?? 100_000);
  const dir = mkdtempSync(join(tmpdir(), 'mf-bench-'));
  let lite: Record<Scenario, Figures>[];
  try {
    lite = await compare('PGlite (embedded)', dir, pgliteRows);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const name = `mf_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  let pgr: Record<Scenario, Figures>[];
  try {
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    pgr = await compare('PostgreSQL', url.toString(), pgRows);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  const k = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
  const P = `PostgreSQL ${k(pgRows)}`;
  const L = `PGlite ${k(pgliteRows)}`;
  console.log(
    `\nemployee.query against the goals (app server, 10 connections, ${DURATION} s each after ${WARM_UP} s unmeasured):`,
  );
  figure(`first page with count, ${P}`, pgr[0].first.rps, 'req/s', 2000, 'min');
  figure(`first page with count, ${P}, p99`, pgr[0].first.p99, 'ms', 50, 'max');
  figure(
    `page 50 count known, ${P}, ratio to bare ×100`,
    (100 * pgr[0].page50.rps) / pgr[1].page50.rps,
    '%',
    80,
    'min',
  );
  figure(`name search 王伟, ${P}, p95`, pgr[0].search.p95, 'ms', 50, 'max');
  figure(`first page with count, ${L}`, lite[0].first.rps, 'req/s', 500, 'min');
  figure(`name search, ${L}, p95`, lite[0].search.p95, 'ms', 100, 'max');
  if (pgRows < 1_000_000)
    console.log('  (the goals are set for PostgreSQL with 1M employees: add -- --pg-rows 1000000)');
}
