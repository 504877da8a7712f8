/** What JavaScript a page loads, and its gzip size: the login page has a budget. */
import { gzipSync } from 'node:zlib';
import type { Page, Request, Response } from 'playwright-core';

export interface LoadedScript {
  url: string;
  bytes: number;
  gzipBytes: number;
}

/** How long no script may start or be under way before the page counts as having loaded its scripts. */
const SCRIPTS_QUIET_MS = 500;

/**
 * Starts recording every script the page receives; call the result to get them, once the page has gone
 * SCRIPTS_QUIET_MS without a script request. (Not 'networkidle': the bell's event stream stays open for as
 * long as the page does, so the network is never idle on a signed-in page.)
 */
export function recordScripts(page: Page): () => Promise<LoadedScript[]> {
  const pending: Promise<LoadedScript | null>[] = [];
  const inFlight = new Set<Request>();
  let lastActivity = Date.now();
  const isScript = (r: Request) => r.resourceType() === 'script';
  const onRequest = (r: Request) => {
    if (!isScript(r)) return;
    inFlight.add(r);
    lastActivity = Date.now();
  };
  const onDone = (r: Request) => {
    if (!inFlight.delete(r)) return;
    lastActivity = Date.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  const onResponse = (response: Response) => {
    const url = response.url();
    if (!/\.m?js(\?|$)/.test(new URL(url).pathname + new URL(url).search)) return;
    pending.push(
      response
        .body()
        .then((body) => ({ url, bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length }))
        .catch(() => null),
    );
  };
  page.on('response', onResponse);
  return async () => {
    // A plain wait, not expect.poll: the benches (tools/bench) record scripts outside vitest too.
    const deadline = Date.now() + 30_000;
    while (!(inFlight.size === 0 && Date.now() - lastActivity >= SCRIPTS_QUIET_MS)) {
      if (Date.now() > deadline) throw new Error('script requests did not settle within 30 s');
      // A condition polled every 50 ms with a deadline (the rule's expect.poll needs vitest).
      // eslint-disable-next-line no-restricted-syntax
      await new Promise((r) => setTimeout(r, 50));
    }
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
    page.off('response', onResponse);
    const scripts = (await Promise.all(pending)).filter((s): s is LoadedScript => s !== null);
    // A chunk may be fetched once per page; count each address once.
    return [...new Map(scripts.map((s) => [s.url, s])).values()];
  };
}

export function totalGzipKb(scripts: LoadedScript[]): number {
  return Math.round((scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024) * 10) / 10;
}
