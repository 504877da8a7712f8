/**
 * The default store: files under DATA_DIR/files, named by their SHA-256 (two levels of two-character
 * folders keep directories small). A file is written to tmp/ and renamed into place, so a crash never
 * leaves half a file under a content name.
 */
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import {
  assertSha256,
  type ByteRange,
  type FileStorage,
  type StageLimits,
  type StagedContent,
} from './file-storage.ts';
import { spoolToTemp } from './staging.ts';

export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = join(root, 'tmp');
  }

  pathOf(sha256: string): string {
    assertSha256(sha256);
    return join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async stage(source: Readable, limits?: StageLimits): Promise<StagedContent> {
    const spooled = await spoolToTemp(source, this.tmpDir, limits);
    const target = this.pathOf(spooled.sha256);
    let settled = false;
    return {
      sha256: spooled.sha256,
      size: spooled.size,
      head: spooled.head,
      commit: async () => {
        if (settled) return;
        await mkdir(join(target, '..'), { recursive: true });
        // rename is atomic on one file system; an existing target holds the same bytes.
        await rename(spooled.path, target);
        settled = true;
      },
      discard: async () => {
        settled = true;
        await rm(spooled.path, { force: true });
      },
    };
  }

  async size(sha256: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(sha256))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async read(sha256: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(sha256);
    await stat(path);
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }
}
