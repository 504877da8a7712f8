/**
 * The gate of the public register's downloads — the open data (CSV, JSON) and the Atom feed — which
 * need no sign-in and read the whole register, so a few parallel requests used to stall the server:
 *
 * - a rate limit per client address: OPEN_DATA_PER_MINUTE downloads a minute (a minute from the
 *   address's first download, counted in this process: a limit against flooding, not a quota; behind a
 *   proxy set TRUST_PROXY so the address is the client's), then HTTP 429 with Retry-After and a
 *   translated envelope;
 * - a cache: the same download (list, format, filters, day; the feed by language and host) is built
 *   once and served from memory for OPEN_DATA_CACHE_SECONDS (default 60; 0 turns it off). It is not
 *   invalidated when the register changes: a short lifetime, within the five minutes of
 *   `Cache-Control: max-age=300` the downloads already tell browsers and proxies, keeps this simple and
 *   right across several server processes. The day is part of the key, so notices closing at midnight
 *   are never served from yesterday's copy;
 * - one build per key at a time (requests for a download being built wait for it), at most
 *   BUILDS_AT_ONCE different builds at once, and at most QUEUE_MAX waiting for a turn (then 429 'busy').
 *
 * A download is built whole before its first byte is sent, so a failure while reading the register is
 * an envelope, never a response broken off after its headers. The cache holds at most CACHE_MAX_BYTES
 * (least recently used first out); a build larger than ENTRY_MAX_BYTES is sent but not kept.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';
import type { ServerConfig } from '../../config.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';

export const BUILDS_AT_ONCE = 2;
export const QUEUE_MAX = 16;
export const CACHE_MAX_BYTES = 64 * 1024 * 1024;
export const ENTRY_MAX_BYTES = 16 * 1024 * 1024;
const WINDOW_MS = 60_000;

export interface Download {
  body: Buffer;
  type: string;
  /** The file name offered to the browser (content-disposition), if any. */
  fileName?: string;
}

interface Entry extends Download {
  expires: number;
}

export class ExportGate {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly cache = new Map<string, Entry>();
  private readonly building = new Map<string, Promise<Download>>();
  private cachedBytes = 0;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly perMinute: number,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one download of the address; refuses it (429, Retry-After) past the minute's limit. */
  admit(ip: string, reply: FastifyReply): void {
    if (!this.perMinute) return;
    const now = this.now();
    if (this.windows.size > 10_000)
      for (const [k, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(k);
    const w = this.windows.get(ip);
    const window = w && now - w.start < WINDOW_MS ? w : { start: now, count: 0 };
    window.count += 1;
    this.windows.set(ip, window);
    if (window.count > this.perMinute) {
      const seconds = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
      reply.header('retry-after', String(seconds));
      throw new ApiError(
        Code.TOO_MANY_REQUESTS,
        'publicData.error.exportRateLimited',
        { seconds },
        { reason: 'rate-limit', retryAfter: seconds },
      );
    }
  }

  /** The download of `key`: from the cache, from a build under way, or built now by `build`. */
  async get(key: string, build: () => Promise<Download>): Promise<{ download: Download; cached: boolean }> {
    const now = this.now();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) {
      // Least recently used goes first: a hit moves to the end.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return { download: hit, cached: true };
    }
    if (hit) this.forget(key);
    const under = this.building.get(key);
    if (under) return { download: await under, cached: true };
    const made = this.build(key, build);
    this.building.set(key, made);
    try {
      return { download: await made, cached: false };
    } finally {
      this.building.delete(key);
    }
  }

  private async build(key: string, build: () => Promise<Download>): Promise<Download> {
    await this.turn();
    try {
      const download = await build();
      if (this.ttlMs > 0 && download.body.length <= ENTRY_MAX_BYTES) {
        this.cache.set(key, { ...download, expires: this.now() + this.ttlMs });
        this.cachedBytes += download.body.length;
        for (const [k] of this.cache) {
          if (this.cachedBytes <= CACHE_MAX_BYTES) break;
          this.forget(k);
        }
      }
      return download;
    } finally {
      // The place goes to the next in line, if any (it stays counted), else it is free.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Waits for one of the BUILDS_AT_ONCE places; refuses when QUEUE_MAX already wait. */
  private async turn(): Promise<void> {
    if (this.running < BUILDS_AT_ONCE) {
      this.running += 1;
      return;
    }
    if (this.waiting.length >= QUEUE_MAX)
      throw new ApiError(Code.TOO_MANY_REQUESTS, 'publicData.error.exportBusy', {}, { reason: 'busy' });
    // The place is handed over by a build that ends (see build).
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private forget(key: string): void {
    const e = this.cache.get(key);
    if (!e) return;
    this.cachedBytes -= e.body.length;
    this.cache.delete(key);
  }
}

/** Reads a stream whole (a download is built before it is sent). */
export async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

const gates = new WeakMap<FastifyInstance, ExportGate>();

/** The gate of one server (made on its first download). */
export function exportGateOf(app: FastifyInstance, config: ServerConfig): ExportGate {
  let gate = gates.get(app);
  if (!gate) {
    gate = new ExportGate(config.openDataPerMinute, config.openDataCacheMs);
    gates.set(app, gate);
  }
  return gate;
}
