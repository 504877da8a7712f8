/**
 * Streams bytes into a temporary file while hashing and counting them, keeping the first bytes for
 * type sniffing. Shared by both stores: the S3 store uploads the finished temporary file, so it too
 * knows the SHA-256 (its object key) before anything reaches the bucket.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { finished, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ContentTooLargeError, type StageLimits } from './file-storage.ts';

/** Enough for every magic number file-type looks at. */
export const HEAD_BYTES = 4100;

export interface SpooledFile {
  path: string;
  sha256: string;
  size: number;
  head: Buffer;
}

export async function spoolToTemp(
  source: Readable,
  tmpDir: string,
  limits: StageLimits = {},
): Promise<SpooledFile> {
  await mkdir(tmpDir, { recursive: true });
  const path = join(tmpDir, `${randomUUID()}.part`);
  const hash = createHash('sha256');
  const headParts: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const max = limits.maxBytes ?? Infinity;
  const inspect = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > max) return done(new ContentTooLargeError(max));
      hash.update(chunk);
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        headParts.push(Buffer.from(part));
        headLength += part.length;
      }
      done(null, chunk);
    },
  });
  // The source is piped by hand: on a refusal it must not be destroyed but drained, so that the rest
  // of the request body is read and the client receives the answer on a healthy connection.
  const written = pipeline(inspect, createWriteStream(path, { flags: 'wx' }));
  // A source that fails or is cut off — now, or before this point (the client went away while the
  // caller was still checking its quota) — ends the temporary file: it is closed and removed, never
  // left waiting for bytes that will not come. (`finished` also reports a source already destroyed.)
  const stopWatching = finished(source, { writable: false }, (err) => {
    if (err) inspect.destroy(err);
  });
  source.pipe(inspect);
  try {
    await written;
  } catch (err) {
    source.unpipe(inspect);
    if (!source.destroyed) source.resume();
    await rm(path, { force: true });
    throw err;
  } finally {
    stopWatching();
  }
  return { path, sha256: hash.digest('hex'), size, head: Buffer.concat(headParts) };
}
