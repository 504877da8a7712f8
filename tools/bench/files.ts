/**
 * `npm run bench files`: a 1 GB file through the local store — streamed multipart upload, then download —
 * with the server's throughput (MB/s) and its peak resident memory against idle (goal: within 100 MB).
 * BENCH_FILE_MB changes the size. Then the time to the first page of a 50-page PDF preview (files-pdf.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdfPreviewBench } from './files-pdf.ts';
import { readyLine, startNode, stop } from './proc.ts';

const SIZE_MB = Number(process.env.BENCH_FILE_MB ?? 1024);
const MB = 1024 * 1024;

/** One MB of printable text (a .txt must not contain NUL bytes), repeated. */
const BLOCK = Buffer.alloc(MB, 'merger filing 经营者集中申报 0123456789\n');

function upload(port: number, token: string): Promise<{ seconds: number; body: string }> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/fldFile/upload',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + SIZE_MB * MB + tail.length,
        },
      },
      (res) => {
        let body = '';
        res.on('data', (d) => (body += String(d)));
        res.on('end', () => resolve({ seconds: Number(process.hrtime.bigint() - started) / 1e9, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < SIZE_MB) {
        sent += 1;
        if (!req.write(BLOCK)) return req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

async function download(
  port: number,
  token: string,
  id: string,
): Promise<{ seconds: number; bytes: number }> {
  const started = process.hrtime.bigint();
  const res = await fetch(`http://127.0.0.1:${port}/api/fldFile/download?attachmentId=${id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, bytes };
}

export async function filesBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mf-bench-files-'));
  const child = startNode(['--expose-gc', 'tools/bench/files-serve.ts', dir]);
  try {
    const { port, token } = await readyLine<{ port: number; token: string }>(child);
    const memory = async (path = '') =>
      (await (
        await fetch(`http://127.0.0.1:${port}/bench/memory${path}`, { method: path ? 'POST' : 'GET' })
      ).json()) as {
        rss: number;
        peak: number;
      };
    const idle = (await memory('/reset')).rss;
    const up = await upload(port, token);
    const receipt = JSON.parse(up.body) as { state: number; data: { id: string; sha256: string } };
    if (receipt.state !== 200) throw new Error(`upload refused: ${up.body}`);
    const afterUp = await memory();
    await memory('/reset');
    const down = await download(port, token, receipt.data.id);
    const afterDown = await memory();
    const mb = (n: number) => (n / MB).toFixed(0);
    console.log(`\nfiles (local store, ${SIZE_MB} MB, one streamed multipart upload then one download)`);
    console.log(`  idle server RSS            ${mb(idle)} MB`);
    console.log(
      `  upload                     ${(SIZE_MB / up.seconds).toFixed(0)} MB/s (${up.seconds.toFixed(1)} s), peak RSS ${mb(afterUp.peak)} MB (+${mb(afterUp.peak - idle)} MB over idle)`,
    );
    console.log(
      `  download                   ${(down.bytes / MB / down.seconds).toFixed(0)} MB/s (${down.seconds.toFixed(1)} s), peak RSS ${mb(afterDown.peak)} MB (+${mb(afterDown.peak - idle)} MB over idle)`,
    );
    console.log(`  receipt sha256             ${receipt.data.sha256}`);
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
  await pdfPreviewBench();
}
