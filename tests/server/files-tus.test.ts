/**
 * Resumable uploads (tus) against the real server: a PATCH whose connection drops half-way is resumed
 * from the offset the server reports, and the finished file goes through the same rules and store as a
 * multipart upload. Rules that need only the declared name and length refuse at creation.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tusDirOf } from '../../server/files/tus.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { makeExe, makePdf } from '../support/file-fixtures.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');
const MB = 1024 * 1024;

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('resumable uploads (tus)', () => {
  let t: TestServer;
  let token: string;
  let otherToken: string;
  const tus = (path = '') => `${t.api}/fldFile/tus${path}`;
  const headers = (tk = token, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${tk}`,
    'tus-resumable': '1.0.0',
    ...extra,
  });

  async function create(name: string, length: number, tk = token, fileType = '') {
    const meta = [`filename ${b64(name)}`, ...(fileType ? [`fileType ${b64(fileType)}`] : [])].join(',');
    return fetch(tus(), {
      method: 'POST',
      headers: headers(tk, { 'upload-length': String(length), 'upload-metadata': meta }),
    });
  }
  const idOf = (location: string) => location.split('/').pop()!;

  beforeAll(async () => {
    t = await startTestServer('pglite', { rateLimitPerMinute: 10_000 });
    const demo = await demoTenantId(t);
    const a = await makeAccount(t, { account: 'tus_a', tenantId: demo, admin: true });
    const b = await makeAccount(t, { account: 'tus_b', tenantId: demo, admin: true });
    token = (await loginToken(t, a.account, a.password)).access_token;
    otherToken = (await loginToken(t, b.account, b.password)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('resumes a dropped upload from the offset the server kept, then stores the file by SHA-256', async () => {
    const content = Buffer.concat([makePdf(3, 'resumable'), Buffer.alloc(6 * MB, 0x20)]);
    const created = await create('并购协议（大文件）.pdf', content.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    const id = idOf(location);
    const partPath = join(tusDirOf(t.config), id);

    // First attempt: 2 MB arrive, then the connection dies.
    const url = new URL(tus(`/${id}`));
    const dropped = request({
      method: 'PATCH',
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: {
        ...headers(),
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': String(content.length),
      },
    });
    dropped.on('error', () => undefined);
    dropped.write(content.subarray(0, 2 * MB));
    await until(
      async () => (existsSync(partPath) && statSync(partPath).size >= 2 * MB ? true : undefined),
      'the first 2 MB',
    );
    dropped.destroy();

    // The client asks where to go on.
    const offset = await until(async () => {
      const head = await fetch(tus(`/${id}`), { method: 'HEAD', headers: headers() });
      const o = Number(head.headers.get('upload-offset'));
      return head.status === 200 && o >= 2 * MB ? o : undefined;
    }, 'the offset after the drop');
    expect(offset).toBeLessThan(content.length);
    // Nobody else may look at or continue this upload.
    expect((await fetch(tus(`/${id}`), { method: 'HEAD', headers: headers(otherToken) })).status).toBe(404);

    const rest = await fetch(tus(`/${id}`), {
      method: 'PATCH',
      headers: headers(token, {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
      }),
      body: new Uint8Array(content.subarray(offset)),
    });
    expect(rest.status).toBe(200);
    const body = (await rest.json()) as {
      state: number;
      data: { id: string; sha256: string; totalBytes: number; fileName: string };
    };
    expect(body.state).toBe(200);
    expect(body.data).toMatchObject({
      sha256: sha(content),
      totalBytes: content.length,
      fileName: '并购协议（大文件）',
    });
    const dl = await fetch(`${t.api}/fldFile/download?attachmentId=${body.data.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sha(Buffer.from(await dl.arrayBuffer()))).toBe(sha(content));
    expect(existsSync(partPath)).toBe(false);
  });

  it('refuses at creation what the name or length already break, with translated errors', async () => {
    const exe = await create('setup.exe', 100);
    expect(exe.status).toBe(415);
    expect(((await exe.json()) as { message: string }).message).toMatch(/不允许的文件类型/);
    const big = await create('photo.png', 6 * MB, token, 'photo');
    expect(big.status).toBe(413);
    const noSession = await fetch(tus(), {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(noSession.status).toBe(401);
  });

  it('refuses a finished upload whose content does not match its extension, keeping nothing', async () => {
    const before = await db(t).selectFrom('platform.file_ref').select('attachment_id').execute();
    const content = makeExe();
    const created = await create('年度审计报告.pdf', content.length);
    const id = idOf(created.headers.get('location')!);
    const patched = await fetch(tus(`/${id}`), {
      method: 'PATCH',
      headers: headers(token, { 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' }),
      body: new Uint8Array(content),
    });
    expect(patched.status).toBe(415);
    expect(((await patched.json()) as { message: string }).message).toMatch(/不符/);
    expect(await db(t).selectFrom('platform.file_ref').select('attachment_id').execute()).toEqual(before);
    expect(readdirSync(tusDirOf(t.config)).filter((f) => f.startsWith(id))).toEqual([]);
    const list = await call(t, 'POST', '/fldFile/attachment/query', {
      token,
      body: { parameters: [{ key: 'fileName', value: '年度审计报告' }] },
    });
    expect(list.body.data.dataResult).toEqual([]);
  });
});
