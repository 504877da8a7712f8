/** What JavaScript a page loads, and its gzip size: the login page has a budget. */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface LoadedScript {
  url: string;
  bytes: number;
  gzipBytes: number;
}

/** Starts recording every script the page receives; call the result to get them. */
export function recordScripts(page: Page): () => Promise<LoadedScript[]> {
  const pending: Promise<LoadedScript | null>[] = [];
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
    page.off('response', onResponse);
    const scripts = (await Promise.all(pending)).filter((s): s is LoadedScript => s !== null);
    // A chunk may be fetched once per page; count each address once.
    return [...new Map(scripts.map((s) => [s.url, s])).values()];
  };
}

export function totalGzipKb(scripts: LoadedScript[]): number {
  return Math.round((scripts.reduce((sum, s) => sum + s.gzipBytes, 0) / 1024) * 10) / 10;
}
