/**
 * `npm run bench messages` (issue 14): on the real server in its own process —
 *  - send to everyone in a tenant of 100,000 employees (one message row and one target row; goal ≤ 200 ms),
 *  - the inbox's first page and the bell for a user with 10,000 messages (goal p99 ≤ 50 ms on PostgreSQL;
 *    embedded PGlite by default, DATABASE_URL for PostgreSQL),
 *  - memory per open bell stream, with 1,000 streams open on one process.
 * BENCH_MSG_EMPLOYEES, BENCH_MSG_INBOX and BENCH_MSG_STREAMS change the sizes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request, Agent, type ClientRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { figure } from './goals.ts';
import { readyLine, startNode, stop } from './proc.ts';

const STREAMS = Number(process.env.BENCH_MSG_STREAMS ?? 1_000);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timed(fn: () => Promise<unknown>, runs: number, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = process.hrtime.bigint();
    await fn();
    out.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return out.sort((a, b) => a - b);
}

export async function messagesBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mf-bench-msg-'));
  const child = startNode(['--expose-gc', 'tools/bench/messages-serve.ts', dir]);
  const streams: ClientRequest[] = [];
  try {
    const { port, token } = await readyLine<{ port: number; token: string }>(child);
    const base = `http://127.0.0.1:${port}/api`;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await res.json()) as { state: number; data: any };
      if (json.state !== 200) throw new Error(`${path}: ${JSON.stringify(json)}`);
      return json.data;
    };
    console.log(`messages (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'})`);

    let n = 0;
    const send = await timed(
      () => post('/msg/innerMessage/save', { subject: `全员通知 ${++n}`, toAll: 1 }),
      20,
    );
    figure('send to everyone (100,000 employees), p50', percentile(send, 50), 'ms', 200, 'max');
    figure('send to everyone, max of 20', send[send.length - 1], 'ms', 200, 'max');

    const page = { requestPage: { pageNo: 1, limit: 20 } };
    const first = await post('/msg/innerMessage/receive', page);
    console.log(`  inbox total ${first.pageResult.totalCount.toLocaleString('en')} messages`);
    const inbox = await timed(() => post('/msg/innerMessage/receive', page), 200, 10);
    figure('inbox first page, p50', percentile(inbox, 50), 'ms', 50, 'max');
    figure('inbox first page, p99', percentile(inbox, 99), 'ms', 50, 'max');
    const unread = await timed(
      () =>
        post('/msg/innerMessage/receive', { ...page, parameters: [{ key: 'readFlag', value: 'unread' }] }),
      100,
    );
    figure('inbox unread only, p99', percentile(unread, 99), 'ms', 50, 'max');
    const bell = await timed(
      () => fetch(`${base}/msg/innerMessage/msgList`, { headers }).then((r) => r.json()),
      100,
    );
    figure('bell (exact unread count + 10 rows), p99', percentile(bell, 99), 'ms', 50, 'max');

    const memory = async () =>
      (await (await fetch(`http://127.0.0.1:${port}/bench/memory`)).json()) as {
        rss: number;
        heapUsed: number;
        streams: number;
      };
    const before = await memory();
    const agent = new Agent({ keepAlive: true, maxSockets: STREAMS + 10 });
    await Promise.all(
      Array.from(
        { length: STREAMS },
        () =>
          new Promise<void>((resolve, reject) => {
            const req = request(
              { host: '127.0.0.1', port, path: '/api/msg/innerMessage/stream', headers, agent },
              (res) => {
                res.once('data', () => resolve());
                res.on('error', () => {});
              },
            );
            req.on('error', reject);
            req.end();
            streams.push(req);
          }),
      ),
    );
    const after = await memory();
    console.log(`  open streams on the server: ${after.streams.toLocaleString('en')}`);
    figure('memory per open stream (rss)', (after.rss - before.rss) / STREAMS / 1024, 'KiB', 64, 'max');
    figure(
      'memory per open stream (heap)',
      (after.heapUsed - before.heapUsed) / STREAMS / 1024,
      'KiB',
      64,
      'max',
    );
    const delivered = await timed(() => post('/msg/innerMessage/save', { subject: '推送', toAll: 1 }), 5, 1);
    figure(`send to everyone with ${STREAMS} streams open, p50`, percentile(delivered, 50), 'ms', 200, 'max');
  } finally {
    for (const s of streams) s.destroy();
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}
