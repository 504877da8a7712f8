/**
 * One contract for every file store: the local content-addressed folder and the S3 adapter, the latter
 * against s3rver (a real S3-protocol server) started here on a free port.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { ContentTooLargeError, type FileStorage } from '../../server/files/storage/file-storage.ts';
import { LocalFileStorage } from '../../server/files/storage/local-store.ts';
import { S3FileStorage } from '../../server/files/storage/s3-store.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A stream of `total` pseudo-random bytes produced in chunks (never one big buffer). */
function chunked(total: number, seed = 1): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  let sent = 0;
  let x = seed;
  const stream = new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const n = Math.min(64 * 1024, total - sent);
      const b = Buffer.alloc(n);
      for (let i = 0; i < n; i++) b[i] = x = (x * 1103515245 + 12345) & 0xff;
      hash.update(b);
      sent += n;
      this.push(b);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

interface Subject {
  storage: FileStorage;
  /** Leftovers of staging (temporary files) — none after commit or discard. */
  tmpFiles(): string[];
  close(): Promise<void>;
}

async function localSubject(): Promise<Subject> {
  const dir = mkdtempSync(join(tmpdir(), 'mf-store-'));
  return {
    storage: new LocalFileStorage(dir),
    tmpFiles: () => safeList(join(dir, 'tmp')),
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function s3Subject(): Promise<Subject> {
  const dir = mkdtempSync(join(tmpdir(), 'mf-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: join(dir, 'bucket') });
  const { port } = await server.run();
  const storage = new S3FileStorage({
    bucket: 'files',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix: 'att/',
    tmpDir: join(dir, 'tmp'),
  });
  await storage.client.send(new CreateBucketCommand({ Bucket: 'files' }));
  return {
    storage,
    tmpFiles: () => safeList(join(dir, 'tmp')),
    close: async () => {
      storage.client.destroy();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

describe.each([
  ['local', localSubject],
  ['s3', s3Subject],
] as const)('file storage contract: %s', (_kind, make) => {
  let s: Subject;
  beforeAll(async () => {
    s = await make();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('stages, commits and reads back by SHA-256, with the head kept for sniffing', async () => {
    const content = Buffer.from('%PDF-1.4\n' + '合并申报材料\n'.repeat(2000));
    const staged = await s.storage.stage(Readable.from([content]));
    expect(staged.sha256).toBe(sha(content));
    expect(staged.size).toBe(content.length);
    expect(staged.head.subarray(0, 5).toString()).toBe('%PDF-');
    expect(staged.head.length).toBe(4100);
    expect(await s.storage.size(staged.sha256)).toBeNull();
    await staged.commit();
    expect(await s.storage.size(staged.sha256)).toBe(content.length);
    expect(await buffer(await s.storage.read(staged.sha256))).toEqual(content);
    expect(s.tmpFiles()).toEqual([]);
  });

  it('reads a byte range', async () => {
    const content = Buffer.from('0123456789abcdefghij');
    const staged = await s.storage.stage(Readable.from([content]));
    await staged.commit();
    expect(await text(await s.storage.read(staged.sha256, { start: 5, end: 9 }))).toBe('56789');
  });

  it('a discarded stage leaves nothing', async () => {
    const content = randomBytes(1000);
    const staged = await s.storage.stage(Readable.from([content]));
    await staged.discard();
    expect(await s.storage.size(sha(content))).toBeNull();
    expect(s.tmpFiles()).toEqual([]);
  });

  it('refuses content above the limit and keeps nothing of it', async () => {
    const big = chunked(300_000, 7);
    await expect(s.storage.stage(big.stream, { maxBytes: 200_000 })).rejects.toBeInstanceOf(
      ContentTooLargeError,
    );
    expect(s.tmpFiles()).toEqual([]);
  });

  it('the same bytes committed twice are one object; removing it removes it', async () => {
    const content = randomBytes(5000);
    const a = await s.storage.stage(Readable.from([content]));
    await a.commit();
    const b = await s.storage.stage(Readable.from([content]));
    await b.commit();
    expect(a.sha256).toBe(b.sha256);
    expect(await s.storage.size(a.sha256)).toBe(5000);
    await s.storage.remove(a.sha256);
    expect(await s.storage.size(a.sha256)).toBeNull();
    await s.storage.remove(a.sha256);
  });

  it('streams a multi-megabyte file through in chunks', async () => {
    const src = chunked(8 * 1024 * 1024, 3);
    const staged = await s.storage.stage(src.stream);
    await staged.commit();
    expect(staged.sha256).toBe(src.digest());
    const back = createHash('sha256');
    for await (const c of await s.storage.read(staged.sha256)) back.update(c as Buffer);
    expect(back.digest('hex')).toBe(staged.sha256);
  });

  it('refuses a key that is not a SHA-256 (no path can be smuggled in)', async () => {
    await expect(s.storage.read('../../etc/passwd')).rejects.toThrow(/not a SHA-256/);
  });
});
