/** Child processes for benchmarks: start, wait for a JSON ready line or an HTTP answer, stop. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export const TSX = ['--import', 'tsx'];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export function startNode(
  args: string[],
  env: NodeJS.ProcessEnv = {},
  opts: { tsx?: boolean } = {},
): ChildProcess {
  return spawn(process.execPath, [...(opts.tsx === false ? [] : TSX), ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with the first stdout line that parses as JSON. */
export function readyLine<T>(child: ChildProcess, timeoutMs = 600_000): Promise<T> {
  return new Promise((resolve, reject) => {
    let buf = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs} ms: ${err}`)), timeoutMs);
    child.stderr!.on('data', (d) => (err += String(d)));
    child.stdout!.on('data', (d) => {
      buf += String(d);
      for (const line of buf.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const v = JSON.parse(line) as T;
          clearTimeout(timer);
          resolve(v);
          return;
        } catch {
          /* a partial line: wait for more */
        }
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${err.slice(-2000)}`));
    });
  });
}

export async function waitForHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}
