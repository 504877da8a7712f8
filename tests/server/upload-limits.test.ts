/**
 * One source for the upload size: the server takes a file up to its group's limit (schemas/file-rules.ts)
 * and refuses one byte more, by multipart and by tus, with the same size the browser names in its hint
 * and refuses before sending (renderers/widgets/attachment-selector/upload-limits.ts). Nothing is kept.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_GROUPS, formatBytes } from '../../schemas/file-rules.ts';
import { sizeHint, uploadProblem } from '../../renderers/widgets/attachment-selector/upload-limits.ts';
import { makePng } from '../support/file-fixtures.ts';
import { loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId } from './auth-support.ts';

describe('upload size limits', () => {
  let t: TestServer;
  let token: string;
  let schema: string;
  const attachments = async () =>
    (
      await (db(t).withSchema(schema) as unknown as Kysely<any>)
        .selectFrom('attachment')
        .select('id')
        .execute()
    ).length;

  async function upload(size: number, fileType: string) {
    const png = makePng();
    const content = Buffer.concat([png, Buffer.alloc(size - png.length)]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)]), '证件照.png');
    const res = await fetch(`${t.api}/fldFile/upload?fileType=${fileType}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { state: number; message: string } };
  }

  beforeAll(async () => {
    t = await startTestServer('pglite', { rateLimitPerMinute: 10_000 });
    token = await loginAsAdmin(t);
    const tenantId = await demoTenantId(t);
    schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).schema_name;
  });
  afterAll(async () => t?.close());

  it('takes a file of exactly the limit the browser names, and refuses one byte more with that size', async () => {
    const limit = FILE_GROUPS.photo.maxBytes;
    const said = formatBytes(limit);
    // What the browser says for this upload area, and what it refuses before sending.
    expect(sizeHint('photo', (k) => k)).toEqual({ key: 'file.selector.sizeHint', params: { size: said } });
    expect(uploadProblem({ name: '证件照.png', size: limit }, 'photo')).toBeUndefined();
    expect(uploadProblem({ name: '证件照.png', size: limit + 1 }, 'photo')).toEqual({
      key: 'file.selector.tooLarge',
      params: { size: said },
    });

    const before = await attachments();
    const over = await upload(limit + 1, 'photo');
    expect(over.status).toBe(413);
    expect(over.body.message).toBe(`文件大小超过 ${said}`);
    expect(await attachments()).toBe(before);

    const exact = await upload(limit, 'photo');
    expect(exact.status).toBe(200);
    expect(await attachments()).toBe(before + 1);
  });

  it('refuses a resumable upload over its group limit before any byte, with the same size', async () => {
    const limit = FILE_GROUPS.images.maxBytes;
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const create = (length: number) =>
      fetch(`${t.api}/fldFile/tus`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-length': String(length),
          'upload-metadata': `filename ${b64('现场照片.jpg')}`,
        },
      });
    const over = await create(limit + 1);
    expect(over.status).toBeGreaterThanOrEqual(400);
    expect(((await over.json()) as { message: string }).message).toBe(`文件大小超过 ${formatBytes(limit)}`);
    expect(uploadProblem({ name: '现场照片.jpg', size: limit + 1 }, undefined)?.params).toEqual({
      size: formatBytes(limit),
    });
    const within = await create(limit);
    expect(within.status).toBe(201);
  });
});
