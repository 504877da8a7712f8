/**
 * Abandoned resumable uploads: a tus upload that is never finished leaves its pieces (`<id>` and
 * `<id>.json`) under the tus folder. They are removed once older than FILE_TUS_EXPIRY_HOURS (default
 * 24): at start and then every FILE_TUS_SWEEP_MINUTES (default 60).
 *
 * A timer in each server process, not a pg-boss job: the pieces live on this process's own disk
 * (FILE_STORE_DIR), and a queued job runs on whichever instance takes it, which would leave the
 * other instances' folders unswept.
 */
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';
import { tusDirOf } from './tus.ts';

/**
 * Removes unfinished uploads created more than `maxAgeMs` ago (@tus/file-store's own expiry, read
 * from each upload's creation date), and pieces left without their description (a crash between
 * the two writes) by their file time. Returns how many uploads went.
 */
export async function sweepAbandonedUploads(
  directory: string,
  maxAgeMs: number,
  now = Date.now(),
): Promise<number> {
  if (!existsSync(directory)) return 0;
  const { FileStore } = await import('@tus/file-store');
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: maxAgeMs });
  let removed = await store.deleteExpired();
  for (const name of await readdir(directory)) {
    if (name.endsWith('.json') || existsSync(join(directory, `${name}.json`))) continue;
    const path = join(directory, name);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs <= maxAgeMs) continue;
    await rm(path, { force: true });
    removed += 1;
  }
  return removed;
}

/** Sweeps when the server is ready and then periodically; the timer stops when the server closes. */
export function installTusSweep(app: FastifyInstance, config: ServerConfig): void {
  const directory = tusDirOf(config);
  const sweep = async () => {
    try {
      const n = await sweepAbandonedUploads(directory, config.fileTusExpiryMs);
      if (n) app.log.info(`tus: removed ${n} abandoned upload(s)`);
    } catch (err) {
      app.log.warn(`tus sweep: ${(err as Error).message}`);
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), config.fileTusSweepMs);
    // The sweep never keeps the process alive on its own.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
