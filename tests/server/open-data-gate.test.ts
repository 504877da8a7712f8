/**
 * The gate of the public register's downloads (server/modules/public/export-gate.ts): open-data exports and the
 * Atom feed are limited per client address (a translated 429 with Retry-After past the limit, other
 * addresses unaffected), twenty parallel identical exports are built once and answered alike from the
 * cache (`X-Cache: miss` once, `hit` for the rest), another query is another download; and, on the gate
 * itself with a clock of the test's, a cached download lives OPEN_DATA_CACHE_SECONDS, builds beyond two
 * at once wait their turn and a queue past its bound is refused as busy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILDS_AT_ONCE,
  ExportGate,
  QUEUE_MAX,
  type Download,
} from '../../server/modules/public/export-gate.ts';
import { ApiError } from '../../server/http/envelope.ts';
import { FILTERS, type Tab } from '../../src/public/query-state.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

const LIMIT = 5;

describe.each(dbKindsOf(import.meta.url))('open-data downloads on %s', (kind) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(kind, { trustProxy: true, openDataPerMinute: LIMIT, openDataCacheMs: 60_000 });
  });
  afterAll(async () => t?.close());

  const download = (path: string, ip: string, lang = 'en') =>
    fetch(`${t.api}${path}`, { headers: { 'x-forwarded-for': ip, 'accept-language': lang } });

  it('limits each address to its downloads a minute, with a translated 429 and Retry-After', async () => {
    const paths = [
      '/publicity/openData/clearance?format=csv',
      '/publicity/openData/notice?format=json',
      '/publicity/openData/decision?format=csv',
      '/publicity/feed',
      '/publicity/openData/clearance?format=json',
    ];
    for (const path of paths) expect((await download(path, '203.0.113.7')).status, path).toBe(200);
    const refused = await download('/publicity/openData/clearance?format=csv', '203.0.113.7');
    expect(refused.status).toBe(429);
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(await refused.json()).toEqual({
      state: 429,
      message: `Too many open-data downloads from your address; try again in ${seconds} seconds`,
      cause: { reason: 'rate-limit', retryAfter: seconds },
      data: null,
    });
    const zh = await download('/publicity/feed', '203.0.113.7', 'zh-CN');
    expect(((await zh.json()) as { message: string }).message).toMatch(/^您所在的地址下载开放数据过于频繁/);
    // Another address is not held up.
    expect((await download('/publicity/openData/clearance?format=csv', '203.0.113.8')).status).toBe(200);
  });

  it('builds twenty parallel identical exports once and answers them alike from the cache', async () => {
    const path = '/publicity/openData/clearance?format=csv&procedure=SIMPLIFIED';
    const answers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const res = await download(path, `198.51.100.${i + 1}`);
        return { status: res.status, cache: res.headers.get('x-cache'), body: await res.text() };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.cache === 'miss')).toHaveLength(1);
    expect(answers.filter((a) => a.cache === 'hit')).toHaveLength(19);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0].body).toMatch(/^Record ID,Case no\.,Batch ID,/); // (text() drops the byte-order mark)
    // Another query is another download; asked again, it comes from the cache.
    const other = await download(
      '/publicity/openData/clearance?format=json&procedure=SIMPLIFIED',
      '198.51.100.50',
    );
    expect(other.headers.get('x-cache')).toBe('miss');
    const again = await download(
      '/publicity/openData/clearance?format=json&procedure=SIMPLIFIED',
      '198.51.100.51',
    );
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.headers.get('content-disposition')).toMatch(
      /^attachment; filename="clearance-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    // A refused query is refused before the gate counts or builds anything.
    const bad = await download('/publicity/openData/clearance?format=csv&decidedFrom=soon', '198.51.100.52');
    expect(((await bad.json()) as { state: number }).state).toBe(6010101);
  });
  it('takes every filter the page sends, each value its own download', async () => {
    // A value of each filter of the page (src/public/query-state.ts), as its download links carry them.
    const sample: Record<string, string> = {
      keyword: 'JZSB2026-00',
      decidedFrom: '2021-01-01',
      decidedTo: '2021-12-31',
      publishedFrom: '2021-01-01',
      publishedTo: '2021-12-31',
      filedFrom: '2021-01-01',
      filedTo: '2021-12-31',
      acceptedFrom: '2021-01-01',
      acceptedTo: '2021-12-31',
      liveFrom: '2023-01-01',
      liveTo: '2023-12-31',
      procedure: 'NORMAL',
      industry: 'C',
      transactionMode: 'EQUITY_ACQUISITION',
      batchId: 'batch-1',
      state: 'CLOSED',
      decisionType: 'PROHIBITION',
    };
    const path: Record<Tab, string> = { clearance: 'clearance', notices: 'notice', decisions: 'decision' };
    let ip = 0;
    for (const tab of Object.keys(FILTERS) as Tab[])
      for (const { key } of FILTERS[tab]) {
        expect(sample[key], key).toBeDefined();
        const res = await download(
          `/publicity/openData/${path[tab]}?format=json&${key}=${encodeURIComponent(sample[key])}`,
          `192.0.2.${++ip}`,
        );
        expect(res.status, `${tab} ${key}`).toBe(200);
        // Not the unfiltered download from the cache: the filter is part of what was built.
        expect(res.headers.get('x-cache'), `${tab} ${key}`).toBe('miss');
        expect(Array.isArray(await res.json())).toBe(true);
      }
  });
});

describe('the export gate', () => {
  const reply = () => {
    const headers: Record<string, string> = {};
    return { headers, header: (k: string, v: string) => ((headers[k] = v), undefined) };
  };
  const made = (text: string): Download => ({ body: Buffer.from(text), type: 'text/csv' });

  it('serves a download from the cache for its lifetime, then builds it again', async () => {
    let now = 1_000_000;
    const gate = new ExportGate(0, 60_000, () => now);
    let builds = 0;
    const build = async () => made(`build ${++builds}`);
    expect(await gate.get('k', build)).toMatchObject({ cached: false });
    now += 59_999;
    expect(await gate.get('k', build)).toMatchObject({
      cached: true,
      download: { body: Buffer.from('build 1') },
    });
    now += 1;
    expect(await gate.get('k', build)).toMatchObject({
      cached: false,
      download: { body: Buffer.from('build 2') },
    });
    // Without a lifetime nothing is kept.
    const uncached = new ExportGate(0, 0, () => now);
    await uncached.get('k', build);
    expect(await uncached.get('k', build)).toMatchObject({ cached: false });
  });

  it('lets an address start again a minute after its first download', () => {
    let now = 5_000;
    const gate = new ExportGate(2, 0, () => now);
    const r = reply();
    gate.admit('a', r as never);
    gate.admit('a', r as never);
    expect(() => gate.admit('a', r as never)).toThrow(ApiError);
    expect(r.headers['retry-after']).toBe('60');
    now += 59_000;
    expect(() => gate.admit('a', r as never)).toThrow(ApiError);
    expect(r.headers['retry-after']).toBe('1');
    now += 1_000;
    expect(() => gate.admit('a', r as never)).not.toThrow();
  });

  it('runs two builds at once, queues the next ones and refuses past the queue', async () => {
    const gate = new ExportGate(0, 60_000);
    const release: (() => void)[] = [];
    let started = 0;
    let active = 0;
    let mostAtOnce = 0;
    const slow = () =>
      new Promise<Download>((resolve) => {
        started += 1;
        active += 1;
        mostAtOnce = Math.max(mostAtOnce, active);
        release.push(() => {
          active -= 1;
          resolve(made('slow'));
        });
      });
    const total = BUILDS_AT_ONCE + QUEUE_MAX;
    const pending = Array.from({ length: total }, (_, i) => gate.get(`k${i}`, slow));
    await expect.poll(() => started).toBe(BUILDS_AT_ONCE);
    const refused = await gate.get('one too many', slow).catch((e: ApiError) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 429, key: 'publicData.error.exportBusy' });
    // Each build that ends lets the next one start.
    for (let i = 0; i < total && release.length; i++) {
      release.shift()!();
      await expect.poll(() => release.length + (total - started)).toBe(total - i - 1);
    }
    const done = await Promise.all(pending);
    expect(done.every((d) => d.cached === false)).toBe(true);
    expect(mostAtOnce).toBe(BUILDS_AT_ONCE);
    expect(started).toBe(BUILDS_AT_ONCE + QUEUE_MAX);
  });
});
