/** Picks the file store from the configuration: the local folder (default) or an S3 bucket. */
import { join, resolve } from 'node:path';
import type { ServerConfig } from '../../config.ts';
import type { FileStorage } from './file-storage.ts';
import { LocalFileStorage } from './local-store.ts';
import { S3FileStorage } from './s3-store.ts';

export type { FileStorage, StagedContent, ByteRange } from './file-storage.ts';
export { ContentTooLargeError } from './file-storage.ts';

export function createFileStorage(config: ServerConfig): FileStorage {
  const root = resolve(config.fileStoreDir || join(config.dataDir, 'files'));
  if (config.fileStorage === 's3') {
    if (!config.s3Bucket) throw new Error('FILE_STORAGE=s3 needs S3_BUCKET');
    return new S3FileStorage({
      bucket: config.s3Bucket,
      region: config.s3Region,
      endpoint: config.s3Endpoint,
      accessKeyId: config.s3AccessKeyId,
      secretAccessKey: config.s3SecretAccessKey,
      forcePathStyle: config.s3ForcePathStyle,
      prefix: config.s3Prefix,
      tmpDir: join(root, 'tmp'),
    });
  }
  return new LocalFileStorage(root);
}
