/**
 * The ten file operations on both databases: upload (streamed multipart) with every rule of spec §5
 * (each refusal translated and storing nothing), describe, list, rename, remove (refused while
 * referenced), download/preview/image with RFC 5987 names, ranges and query tokens, tenant isolation and
 * the public download of published files only.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFilePublic } from '../../server/files/attachments.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { GBK_BYTES, makeExe, makePdf, makePng, makeZip } from '../support/file-fixtures.ts';
import { db, demoTenantId, loginToken, makeAccount, makeTenant } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const MB = 1024 * 1024;

describe.each(dbKindsOf(import.meta.url))('files on %s', (kind) => {
  let t: TestServer;
  let tokenA: string;
  let tokenB: string;
  let plainToken: string;
  let tenantA: string;
  let tenantB: string;
  let schemaA: string;
  const storeDir = () => join(t.config.dataDir, 'files');

  async function upload(
    token: string,
    files: { name: string; content: Buffer }[],
    query: Record<string, string> = {},
    lang = 'zh-CN',
  ) {
    const form = new FormData();
    for (const f of files) form.append('file', new Blob([new Uint8Array(f.content)]), f.name);
    const qs = new URLSearchParams(query).toString();
    const res = await fetch(`${t.api}/fldFile/upload${qs ? `?${qs}` : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      body: form,
    });
    return {
      status: res.status,
      body: (await res.json()) as { state: number; message: string; data: any; cause: any },
    };
  }

  /** Everything the store holds: rows of both tables and the content files. */
  async function footprint() {
    const rows = await db(t).withSchema(schemaA).selectFrom('attachment').select('id').execute();
    const refs = await db(t).selectFrom('platform.file_ref').select('attachment_id').execute();
    const files: string[] = [];
    const walk = (d: string) => {
      if (!existsSync(d)) return;
      for (const e of readdirSync(d, { withFileTypes: true }))
        if (e.isDirectory()) walk(join(d, e.name));
        else files.push(join(d, e.name));
    };
    walk(storeDir());
    return { rows: rows.length, refs: refs.length, files: files.sort() };
  }

  const raw = (path: string, headers: Record<string, string> = {}) => fetch(`${t.api}${path}`, { headers });
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000, fileTenantQuotaBytes: 12 * MB });
    tenantA = await demoTenantId(t);
    schemaA = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', tenantA)
        .executeTakeFirstOrThrow()
    ).schema_name;
    tenantB = await makeTenant(t, `files_b_${kind}`);
    const a = await makeAccount(t, { account: `files_a_${kind}`, tenantId: tenantA, admin: true });
    const b = await makeAccount(t, { account: `files_b_${kind}`, tenantId: tenantB, admin: true });
    const plain = await makeAccount(t, { account: `files_plain_${kind}`, tenantId: tenantA });
    tokenA = (await loginToken(t, a.account, a.password)).access_token;
    tokenB = (await loginToken(t, b.account, b.password)).access_token;
    plainToken = (await loginToken(t, plain.account, plain.password)).access_token;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('uploads a PDF and answers a receipt with its SHA-256; the content is stored once under its hash', async () => {
    const pdf = makePdf(2, 'receipt');
    const r = await upload(tokenA, [{ name: '股权转让协议.pdf', content: pdf }], { typeId: 'case-docs' });
    expect(r.body.state).toBe(200);
    expect(r.body.data).toMatchObject({
      fileName: '股权转让协议',
      ext: 'pdf',
      totalBytes: pdf.length,
      mime: 'application/pdf',
      sha256: sha(pdf),
      typeId: 'case-docs',
      fileType: 'docs',
    });
    expect(r.body.data.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const s = sha(pdf);
    expect(existsSync(join(storeDir(), s.slice(0, 2), s.slice(2, 4), s))).toBe(true);
    const got = await call(t, 'GET', `/file/attachment/get?attachmentId=${r.body.data.id}`, {
      token: tokenA,
    });
    expect(got.body.data).toEqual(r.body.data);
  });

  it('refuses every rule breach with a translated error and stores nothing', async () => {
    const before = await footprint();
    const cases: [string, { name: string; content: Buffer }[], Record<string, string>, number, RegExp][] = [
      [
        'renamed executable as pdf',
        [{ name: '审计报告.pdf', content: makeExe() }],
        {},
        415,
        /扩展名“pdf”不符/,
      ],
      ['renamed executable as txt', [{ name: 'notes.txt', content: makeExe() }], {}, 415, /不符/],
      ['binary as text', [{ name: 'a.txt', content: Buffer.from([0x41, 0, 0x42]) }], {}, 415, /不符/],
      ['executable extension', [{ name: 'setup.exe', content: makeExe() }], {}, 415, /不允许的文件类型/],
      ['no extension', [{ name: 'README', content: Buffer.from('x') }], {}, 415, /不允许的文件类型/],
      [
        'pdf where a photo is asked',
        [{ name: 'a.pdf', content: makePdf() }],
        { fileType: 'photo' },
        415,
        /不允许/,
      ],
      [
        'unknown file category',
        [{ name: 'a.pdf', content: makePdf() }],
        { fileType: 'weird' },
        400,
        /不支持的文件分类/,
      ],
      ['empty file', [{ name: 'empty.txt', content: Buffer.alloc(0) }], {}, 400, /空文件/],
      ['name of 236 units', [{ name: `${'a'.repeat(233)}中.pdf`, content: makePdf() }], {}, 400, /235/],
      ['control character in the name', [{ name: 'a\u0007b.pdf', content: makePdf() }], {}, 400, /控制字符/],
      [
        'bidi override disguising the extension',
        [{ name: 'report\u202Efdp.exe.pdf', content: makePdf() }],
        {},
        400,
        /控制字符/,
      ],
      [
        'two files in one request',
        [
          { name: 'a.pdf', content: makePdf() },
          { name: 'b.pdf', content: makePdf(3) },
        ],
        {},
        400,
        /一个文件/,
      ],
      [
        'photo above 5 MB',
        [{ name: 'big.png', content: Buffer.concat([makePng(), Buffer.alloc(5 * MB)]) }],
        { fileType: 'photo' },
        413,
        /超过 5 MB/,
      ],
    ];
    for (const [what, files, query, status, message] of cases) {
      const r = await upload(tokenA, files, query);
      expect(r.status, what).toBe(status);
      expect(r.body.message, what).toMatch(message);
      expect(await footprint(), what).toEqual(before);
    }
    const en = await upload(tokenA, [{ name: 'x.pdf', content: makeExe() }], {}, 'en');
    expect(en.body.message).toMatch(/does not match its extension/);
    const none = await fetch(`${t.api}/fldFile/upload`, {
      method: 'POST',
      headers: auth(tokenA),
      body: new FormData(),
    });
    expect(none.status).toBeGreaterThanOrEqual(400);
    expect(await footprint()).toEqual(before);
  });

  it('keeps path parts out of names: the store never uses a name as a path', async () => {
    const r = await upload(tokenA, [{ name: '../../../etc/passwd.txt', content: Buffer.from('plain text') }]);
    // The multipart parser keeps only the last path segment; the stored name is that, the path is the hash.
    expect(r.body.state).toBe(200);
    expect(r.body.data.fileName).toBe('passwd');
    expect(existsSync(join(t.config.dataDir, 'etc'))).toBe(false);
    await call(t, 'POST', `/fldFile/attachment/remove?attachmentId=${r.body.data.id}`, { token: tokenA });
  });

  it('enforces the tenant quota, counting what the tenant already holds', async () => {
    const used = Number(
      (
        await db(t)
          .selectFrom('platform.file_ref')
          .select((e) => e.fn.sum<string>('size').as('n'))
          .where('tenant_id', '=', tenantA)
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const big = Buffer.concat([makePdf(), Buffer.alloc(7 * MB, 0x20)]);
    const first = await upload(tokenA, [{ name: 'big1.pdf', content: big }]);
    expect(first.body.state).toBe(200);
    expect(used + big.length).toBeLessThan(12 * MB);
    const before = await footprint();
    const second = await upload(tokenA, [
      { name: 'big2.pdf', content: Buffer.concat([big, Buffer.from('x')]) },
    ]);
    expect(second.status).toBe(413);
    expect(second.body.message).toMatch(/配额（12 MB）/);
    expect(await footprint()).toEqual(before);
    await call(t, 'POST', `/fldFile/attachment/remove?attachmentId=${first.body.data.id}`, { token: tokenA });
  });

  it('downloads with an RFC 5987 name, byte ranges, ETag; signed links on the file addresses, never query tokens', async () => {
    const pdf = makePdf(3, 'download');
    const { data } = (await upload(tokenA, [{ name: '经营者集中 申报(1).pdf', content: pdf }])).body;
    const res = await raw(`/fldFile/download?attachmentId=${data.id}`, auth(tokenA));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="_____ __(1).pdf"; filename*=UTF-8''${encodeURIComponent('经营者集中 申报')}%281%29.pdf`,
    );
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdf);

    const part = await raw(`/fldFile/download?attachmentId=${data.id}`, {
      ...auth(tokenA),
      range: 'bytes=0-7',
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${pdf.length}`);
    expect(await part.text()).toBe('%PDF-1.4');
    const tail = await raw(`/fldFile/download?attachmentId=${data.id}`, {
      ...auth(tokenA),
      range: 'bytes=-6',
    });
    expect(tail.status).toBe(206);
    expect(await tail.text()).toBe('%%EOF\n');
    const past = await raw(`/fldFile/download?attachmentId=${data.id}`, {
      ...auth(tokenA),
      range: `bytes=${pdf.length}-`,
    });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${pdf.length}`);
    const cached = await raw(`/fldFile/download?attachmentId=${data.id}`, {
      ...auth(tokenA),
      'if-none-match': `"${sha(pdf)}"`,
    });
    expect(cached.status).toBe(304);

    const linked = await call(t, 'POST', '/fldFile/link', {
      token: tokenA,
      body: { attachmentId: data.id, purpose: 'preview' },
    });
    const preview = await raw(`/fldFile/preview?attachmentId=${data.id}&ticket=${linked.body.data.ticket}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(preview.headers.get('content-security-policy')).toMatch(/sandbox/);
    // Not an image: the image address refuses it.
    const notImage = await raw(`/file/getImage?attachmentId=${data.id}`, auth(tokenA));
    expect(notImage.status).toBe(415);
    // A token in the query is refused, on the file addresses and everywhere else.
    const q = `access_token=${encodeURIComponent(tokenA)}&tenantId=${tenantA}`;
    expect((await raw(`/fldFile/preview?attachmentId=${data.id}&${q}`)).status).toBe(401);
    const listed = await call(t, 'GET', `/file/attachment/get?attachmentId=${data.id}&${q}`);
    expect(listed.body.state).toBe(6020201);
  });

  it('serves images to the viewer and text to the preview; other types have no preview', async () => {
    const png = makePng();
    const img = (await upload(tokenA, [{ name: '照片.png', content: png }], { fileType: 'images' })).body
      .data;
    const res = await raw(`/file/getImage?attachmentId=${img.id}`, auth(tokenA));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(png);

    const txt = (await upload(tokenA, [{ name: '说明.txt', content: GBK_BYTES }])).body.data;
    expect(txt.mime).toBe('text/plain');
    const text = await raw(`/fldFile/preview?attachmentId=${txt.id}`, auth(tokenA));
    expect(Buffer.from(await text.arrayBuffer())).toEqual(GBK_BYTES);

    const zip = (await upload(tokenA, [{ name: '附件包.zip', content: makeZip() }])).body.data;
    expect(zip.fileType).toBe('compress');
    const noPreview = await raw(`/fldFile/preview?attachmentId=${zip.id}`, auth(tokenA));
    expect(noPreview.status).toBe(415);
    expect(((await noPreview.json()) as { message: string }).message).toBe('不支持预览该类型的文件');
  });

  it('lists the tenant’s files, searchable and paged; renames within the name rules', async () => {
    for (const n of ['检索甲', '检索乙', '检索丙'])
      await upload(tokenA, [{ name: `${n}.pdf`, content: makePdf(1, n) }]);
    const page1 = await call(t, 'POST', '/fldFile/attachment/query', {
      token: tokenA,
      body: { parameters: [{ key: 'fileName', value: '检索' }], requestPage: { pageNo: 1, limit: 2 } },
    });
    expect(page1.body.data.pageResult).toMatchObject({ totalCount: 3, totalPages: 2 });
    expect(page1.body.data.dataResult).toHaveLength(2);
    const page2 = await call(t, 'POST', '/fldFile/attachment/query', {
      token: tokenA,
      body: { parameters: [{ key: 'fileName', value: '检索' }], requestPage: { pageNo: 2, limit: 2 } },
    });
    expect(page2.body.data.dataResult).toHaveLength(1);
    const bad = await call(t, 'POST', '/fldFile/attachment/query', {
      token: tokenA,
      body: { parameters: [{ key: 'storage_key', value: 'x' }] },
    });
    expect(bad.body.state).toBe(6010101);

    const id = page2.body.data.dataResult[0].id;
    const renamed = await call(t, 'POST', '/file/attachment/modifyName', {
      token: tokenA,
      body: { id, fileName: '改名后' },
    });
    expect(renamed.body.data.fileName).toBe('改名后');
    for (const fileName of ['a/b', 'a\u0000b', `${'中'.repeat(79)}`, '  ']) {
      const r = await call(t, 'POST', '/file/attachment/modifyName', {
        token: tokenA,
        body: { id, fileName },
      });
      expect(r.body.state, JSON.stringify(fileName)).not.toBe(200);
    }
    const after = await call(t, 'GET', `/file/attachment/get?attachmentId=${id}`, { token: tokenA });
    expect(after.body.data.fileName).toBe('改名后');
  });

  it("another tenant's file answers 404 everywhere and cannot be changed", async () => {
    const pdf = makePdf(1, 'private');
    const { data } = (await upload(tokenA, [{ name: '保密版.pdf', content: pdf }])).body;
    for (const path of ['/fldFile/download', '/fldFile/preview', '/file/getImage']) {
      const res = await raw(`${path}?attachmentId=${data.id}`, auth(tokenB));
      expect(res.status, path).toBe(404);
    }
    expect(
      (await call(t, 'GET', `/file/attachment/get?attachmentId=${data.id}`, { token: tokenB })).status,
    ).toBe(404);
    const renamed = await call(t, 'POST', '/file/attachment/modifyName', {
      token: tokenB,
      body: { id: data.id, fileName: 'x' },
    });
    expect(renamed.status).toBe(404);
    expect(
      (await call(t, 'POST', `/fldFile/attachment/remove?attachmentId=${data.id}`, { token: tokenB })).status,
    ).toBe(404);
    const listB = await call(t, 'POST', '/fldFile/attachment/query', { token: tokenB, body: {} });
    expect(listB.body.data.dataResult.map((a: { id: string }) => a.id)).not.toContain(data.id);
    const transferB = await call(t, 'POST', `/file/attachment/transfer?ids=${data.id}`, { token: tokenB });
    expect(transferB.body.data).toEqual([]);
    expect(
      (await call(t, 'GET', `/file/attachment/get?attachmentId=${data.id}`, { token: tokenA })).body.data
        .fileName,
    ).toBe('保密版');
  });

  it('without a session the download serves only published files', async () => {
    const pdf = makePdf(1, 'notice');
    const { data } = (await upload(tokenA, [{ name: '公示表.pdf', content: pdf }])).body;
    const anon = () => raw(`/fldFile/download?attachmentId=${data.id}`);
    expect((await anon()).status).toBe(404);
    expect((await call(t, 'POST', `/file/attachment/transfer?ids=${data.id}`)).body.data).toEqual([]);
    // Previews and images are never public.
    expect((await raw(`/fldFile/preview?attachmentId=${data.id}`)).status).not.toBe(200);

    await setFilePublic(db(t), tenantA, data.id, true);
    const res = await anon();
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(pdf);
    // Another tenant's session reaches it only because it is published.
    expect((await raw(`/fldFile/download?attachmentId=${data.id}`, auth(tokenB))).status).toBe(200);
    const transfer = await call(t, 'POST', `/file/attachment/transfer?ids=${data.id},unknown-id`);
    expect(transfer.body.data.map((a: { id: string }) => a.id)).toEqual([data.id]);
    // Published files cannot be removed until the publishing domain withdraws them.
    const removed = await call(t, 'POST', `/fldFile/attachment/remove?attachmentId=${data.id}`, {
      token: tokenA,
    });
    expect(removed.body.state).toBe(2);

    await setFilePublic(db(t), tenantA, data.id, false);
    expect((await anon()).status).toBe(404);
    await expect(setFilePublic(db(t), tenantB, data.id, true)).rejects.toThrow();
  });

  it('refuses to remove a file that a record references; removes the content with its last reference', async () => {
    const pdf = makePdf(1, 'shared');
    const one = (await upload(tokenA, [{ name: '一.pdf', content: pdf }])).body.data;
    const two = (await upload(tokenA, [{ name: '二.pdf', content: pdf }])).body.data;
    expect(one.sha256).toBe(two.sha256);
    const path = join(storeDir(), one.sha256.slice(0, 2), one.sha256.slice(2, 4), one.sha256);

    const space = db(t).withSchema(schemaA);
    await space
      .insertInto('message')
      .values({ id: `m-${kind}`, subject: '带附件的通知' })
      .execute();
    await space
      .insertInto('message_attachment')
      .values({ message_id: `m-${kind}`, attachment_id: one.id })
      .execute();
    const before = await footprint();
    const refused = await call(t, 'POST', `/file/attachment/remove?ids=${two.id},${one.id}`, {
      token: tokenA,
    });
    expect(refused.body.state).toBe(2);
    expect(refused.body.message).toBe('文件“一.pdf”仍被引用，不能删除');
    expect(await footprint()).toEqual(before);

    await space.deleteFrom('message_attachment').where('attachment_id', '=', one.id).execute();
    expect(
      (await call(t, 'POST', `/fldFile/attachment/remove?attachmentId=${one.id}`, { token: tokenA })).body
        .state,
    ).toBe(200);
    expect(existsSync(path)).toBe(true); // still held by 'two'
    expect(
      (await call(t, 'POST', `/file/attachment/remove?ids=${two.id}`, { token: tokenA })).body.state,
    ).toBe(200);
    expect(existsSync(path)).toBe(false);
    expect(
      (await call(t, 'GET', `/file/attachment/get?attachmentId=${one.id}`, { token: tokenA })).status,
    ).toBe(404);
    expect((await call(t, 'POST', `/file/attachment/remove?ids=${one.id}`, { token: tokenA })).status).toBe(
      404,
    );
  });

  it('reselect puts new content under the same attachment and drops the old content', async () => {
    const first = makePng(10, 10, [255, 0, 0]);
    const second = makePng(10, 10, [0, 255, 0]);
    const a = (await upload(tokenA, [{ name: '头像.png', content: first }], { fileType: 'photo' })).body.data;
    const b = (
      await upload(tokenA, [{ name: '新头像.png', content: second }], { fileType: 'photo', id: a.id })
    ).body.data;
    expect(b.id).toBe(a.id);
    expect(b.sha256).toBe(sha(second));
    expect(b.fileName).toBe('新头像');
    expect(existsSync(join(storeDir(), a.sha256.slice(0, 2), a.sha256.slice(2, 4), a.sha256))).toBe(false);
    const missing = await upload(tokenA, [{ name: 'x.png', content: first }], {
      fileType: 'photo',
      id: 'nope',
    });
    expect(missing.status).toBe(404);
  });

  it('needs the file permissions: a member without them can neither upload, list nor remove', async () => {
    const r = await upload(plainToken, [{ name: 'a.pdf', content: makePdf() }]);
    expect(r.body.state).toBe(6010104);
    expect(
      (await call(t, 'POST', '/fldFile/attachment/query', { token: plainToken, body: {} })).body.state,
    ).toBe(6010104);
    const noSession = await fetch(`${t.api}/fldFile/upload`, { method: 'POST', body: new FormData() });
    expect(noSession.status).toBe(401);
  });
});
