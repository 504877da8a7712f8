/**
 * The S3-compatible store (AWS S3, MinIO, OSS/COS in S3 mode…). Objects are keyed by
 * `<prefix><sha256>`. The bytes are first spooled to a local temporary file (hashing them), so the key
 * is known before the upload and a refused file never reaches the bucket; PutObject is atomic, so a
 * crash never leaves a partial object under a content key.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { lazyRequire } from '../../lazy-require.ts';
import {
  assertSha256,
  type ByteRange,
  type FileStorage,
  type StageLimits,
  type StagedContent,
} from './file-storage.ts';
import { spoolToTemp } from './staging.ts';

// The SDK is large: loaded only when an S3 store is configured (server/lazy-require.ts).
const sdk = lazyRequire<typeof S3Sdk>('@aws-sdk/client-s3');

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addresses (MinIO and most self-hosted servers need them). */
  forcePathStyle: boolean;
  prefix: string;
  /** Local folder for spooling uploads before they go to the bucket. */
  tmpDir: string;
}

export class S3FileStorage implements FileStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly opts: S3StorageOptions) {
    this.client = new (sdk().S3Client)({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      ...(opts.accessKeyId && opts.secretAccessKey
        ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
        : {}),
      // Plain signed requests: many S3-compatible servers do not understand the newer
      // aws-chunked trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(sha256: string): string {
    return `${this.opts.prefix}${assertSha256(sha256)}`;
  }

  async stage(source: Readable, limits?: StageLimits): Promise<StagedContent> {
    const spooled = await spoolToTemp(source, this.opts.tmpDir, limits);
    let settled = false;
    return {
      sha256: spooled.sha256,
      size: spooled.size,
      head: spooled.head,
      commit: async () => {
        if (settled) return;
        if ((await this.size(spooled.sha256)) === null) {
          await this.client.send(
            new (sdk().PutObjectCommand)({
              Bucket: this.opts.bucket,
              Key: this.key(spooled.sha256),
              Body: createReadStream(spooled.path),
              ContentLength: spooled.size,
            }),
          );
        }
        settled = true;
        await rm(spooled.path, { force: true });
      },
      discard: async () => {
        settled = true;
        await rm(spooled.path, { force: true });
      },
    };
  }

  async size(sha256: string): Promise<number | null> {
    try {
      const head = await this.client.send(
        new (sdk().HeadObjectCommand)({ Bucket: this.opts.bucket, Key: this.key(sha256) }),
      );
      return head.ContentLength ?? 0;
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NotFound' || (err as Error).name === 'NoSuchKey')
        return null;
      throw err;
    }
  }

  async read(sha256: string, range?: ByteRange): Promise<Readable> {
    const out = await this.client.send(
      new (sdk().GetObjectCommand)({
        Bucket: this.opts.bucket,
        Key: this.key(sha256),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    return out.Body as Readable;
  }

  async remove(sha256: string): Promise<void> {
    await this.client.send(
      new (sdk().DeleteObjectCommand)({ Bucket: this.opts.bucket, Key: this.key(sha256) }),
    );
  }
}
