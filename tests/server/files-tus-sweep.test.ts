/**
 * Abandoned resumable uploads are swept (server/files/tus-sweep.ts): an unfinished tus upload older
 * than the configured age goes with its description, a recent one and a finished file stay; the
 * sweep runs when the server starts, so pieces left by an earlier run are gone without any request.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { tusDirOf } from '../../server/files/tus.ts';
import { sweepAbandonedUploads } from '../../server/files/tus-sweep.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { makePdf } from '../support/file-fixtures.ts';
import { demoTenantId, loginToken, makeAccount } from './auth-support.ts';

const HOUR = 3600 * 1000;
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Makes an upload look as if it had been created `hours` ago (its description holds the date). */
function ageUpload(dir: string, id: string, hours: number) {
  const path = join(dir, `${id}.json`);
  const info = JSON.parse(readFileSync(path, 'utf8')) as { creation_date: string };
  info.creation_date = new Date(Date.now() - hours * HOUR).toISOString();
  writeFileSync(path, JSON.stringify(info));
}

describe('abandoned tus uploads', () => {
  let t: TestServer;
  let token: string;
  const tus = (path = '') => `${t.api}/fldFile/tus${path}`;
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    'tus-resumable': '1.0.0',
    ...extra,
  });

  /** Starts an upload of `content` and sends only its first half. */
  async function halfUpload(name: string, content: Buffer): Promise<string> {
    const created = await fetch(tus(), {
      method: 'POST',
      headers: headers({
        'upload-length': String(content.length),
        'upload-metadata': `filename ${b64(name)}`,
      }),
    });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;
    const half = content.subarray(0, content.length >> 1);
    const patched = await fetch(tus(`/${id}`), {
      method: 'PATCH',
      headers: headers({ 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }),
      body: new Uint8Array(half),
    });
    expect(patched.status).toBe(204);
    // The server says when the upload expires (the sweep's age).
    expect(Date.parse(patched.headers.get('upload-expires') ?? '')).toBeGreaterThan(Date.now() + 23 * HOUR);
    return id;
  }

  beforeAll(async () => {
    t = await startTestServer('pglite', { rateLimitPerMinute: 10_000, fileTusExpiryMs: 24 * HOUR });
    const demo = await demoTenantId(t);
    const a = await makeAccount(t, { account: 'sweep_a', tenantId: demo, admin: true });
    token = (await loginToken(t, a.account, a.password)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('removes unfinished uploads older than the configured age and keeps recent ones', async () => {
    const dir = tusDirOf(t.config);
    const old = await halfUpload('旧的.pdf', makePdf(2, 'old'));
    const fresh = await halfUpload('新的.pdf', makePdf(2, 'fresh'));
    ageUpload(dir, old, 25);
    ageUpload(dir, fresh, 23);

    expect(await sweepAbandonedUploads(dir, t.config.fileTusExpiryMs)).toBe(1);
    expect(existsSync(join(dir, old))).toBe(false);
    expect(existsSync(join(dir, `${old}.json`))).toBe(false);
    expect(existsSync(join(dir, fresh))).toBe(true);
    // The swept upload cannot be resumed; the recent one can.
    const gone = await fetch(tus(`/${old}`), { method: 'HEAD', headers: headers() });
    expect(gone.status).toBe(404);
    const kept = await fetch(tus(`/${fresh}`), { method: 'HEAD', headers: headers() });
    expect(kept.status).toBe(200);
    expect(Number(kept.headers.get('upload-offset'))).toBeGreaterThan(0);
  });

  it('removes pieces left without their description once old enough', async () => {
    const dir = tusDirOf(t.config);
    mkdirSync(dir, { recursive: true });
    const stray = join(dir, 'stray-piece');
    writeFileSync(stray, 'half of something');
    expect(await sweepAbandonedUploads(dir, t.config.fileTusExpiryMs)).toBe(0);
    expect(await sweepAbandonedUploads(dir, t.config.fileTusExpiryMs, Date.now() + 25 * HOUR)).toBe(1);
    expect(existsSync(stray)).toBe(false);
  });

  it('sweeps when the server starts', async () => {
    // A second server on the same store folder finds the first one's abandoned upload.
    const dir = tusDirOf(t.config);
    const old = await halfUpload('启动时清理.pdf', makePdf(2, 'startup'));
    ageUpload(dir, old, 30);
    const second = await startTestServer('pglite', {
      fileStoreDir: t.config.fileStoreDir ?? join(t.config.dataDir, 'files'),
    });
    try {
      await vi.waitFor(() => expect(existsSync(join(dir, `${old}.json`))).toBe(false), { timeout: 10_000 });
      expect(existsSync(join(dir, old))).toBe(false);
    } finally {
      await second.close();
    }
  });
});
