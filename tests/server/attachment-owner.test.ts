/**
 * Who may change an attachment (the rule at the top of server/files/attachments.ts): only its uploader
 * replaces (fldFile.upload ?id=, a resumable upload with metadata id), renames or removes it — another
 * member holding file:upload and file:remove cannot, nor can a tenant administrator — and once a sent
 * message or a publication holds the file, not even its uploader may replace or rename it (removal stays
 * refused as 'referenced'). Each refusal is translated and leaves the file as it was, content included.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { setFilePublic } from '../../server/files/attachments.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { makePdf } from '../support/file-fixtures.ts';
import { db, demoTenantId, loginToken, makeAccount, grantRole } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe.each(dbKindsOf(import.meta.url))('attachment owner rule on %s', (kind) => {
  let t: TestServer;
  let tenant: string;
  let owner: string;
  let other: string;
  let admin: string;

  async function upload(token: string, name: string, content: Buffer, query: Record<string, string> = {}) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(content)]), name);
    const qs = new URLSearchParams(query).toString();
    const res = await fetch(`${t.api}/fldFile/upload${qs ? `?${qs}` : ''}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { state: number; message: string; data: any } };
  }

  const get = async (id: string) =>
    (await call(t, 'GET', `/file/attachment/get?attachmentId=${id}`, { token: owner })).body.data as {
      fileName: string;
      sha256: string;
    } | null;

  /** Every way to change a file, as `token`: the answers, in order replace, rename, remove one, remove many, tus. */
  async function tryEverything(token: string, id: string) {
    const replaced = await upload(token, '换掉.pdf', makePdf(1, `swap ${newId()}`), { id });
    const renamed = await call(t, 'POST', '/file/attachment/modifyName?lang=en', {
      token,
      body: { id, fileName: '改名' },
    });
    const removed = await call(t, 'POST', `/fldFile/attachment/remove?attachmentId=${id}&lang=en`, { token });
    const removedMany = await call(t, 'POST', `/file/attachment/remove?ids=${id}&lang=en`, { token });
    const b64 = (s: string) => Buffer.from(s).toString('base64');
    const tus = await fetch(`${t.api}/fldFile/tus`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'en',
        'tus-resumable': '1.0.0',
        'upload-length': '100',
        'upload-metadata': `filename ${b64('换掉.pdf')},id ${b64(id)}`,
      },
    });
    const tusBody = (await tus.json()) as { state: number; message: string };
    return [
      { status: replaced.status, ...replaced.body },
      { status: renamed.status, ...renamed.body },
      { status: removed.status, ...removed.body },
      { status: removedMany.status, ...removedMany.body },
      { status: tus.status, ...tusBody },
    ];
  }

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    tenant = await demoTenantId(t);
    const a = await makeAccount(t, { account: `own_a_${kind}`, tenantId: tenant });
    const b = await makeAccount(t, { account: `own_b_${kind}`, tenantId: tenant });
    const c = await makeAccount(t, { account: `own_c_${kind}`, tenantId: tenant, admin: true });
    // A and B hold file:upload and file:remove (and message:send) through a role granting menu resources.
    const schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', tenant)
        .executeTakeFirstOrThrow()
    ).schema_name;
    const systemId = (
      await db(t)
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
    const resources = await db(t)
      .selectFrom('platform.resource')
      .select(['id', 'permissions'])
      .where('system_id', '=', systemId)
      .execute();
    const resourceIds = ['file:upload', 'file:remove', 'file:read', 'message:send'].map((permission) => {
      const r = resources.find((x) => x.permissions.includes(permission));
      if (!r) throw new Error(`no menu resource carries ${permission}`);
      return r.id;
    });
    await grantRole(t, schema, {
      systemId,
      name: '文件管理',
      alias: `files_${kind}`,
      resourceIds,
      accountIds: [a.id, b.id],
    });
    owner = (await loginToken(t, a.account, a.password)).access_token;
    other = (await loginToken(t, b.account, b.password)).access_token;
    admin = (await loginToken(t, c.account, c.password)).access_token;
  });
  afterAll(async () => t?.close());

  it("another member with file:upload and file:remove cannot replace, rename or remove someone else's file", async () => {
    const pdf = makePdf(2, 'signed contract');
    const mine = await upload(owner, '已签合同.pdf', pdf);
    expect(mine.body.state).toBe(200);
    const id = mine.body.data.id as string;
    // B holds the permissions: its own upload works.
    expect((await upload(other, '自己的.pdf', makePdf(1, 'own'))).body.state).toBe(200);

    for (const token of [other, admin]) {
      const answers = await tryEverything(token, id);
      for (const a of answers) {
        expect(a.status).toBe(403);
        expect(a).toMatchObject({
          state: 6010104,
          message: 'Only the uploader of "已签合同.pdf" can change or remove it',
        });
      }
    }
    expect(await get(id)).toMatchObject({ fileName: '已签合同', sha256: sha(pdf) });

    // The uploader can.
    const next = makePdf(3, 'signed contract, second edition');
    const replaced = await upload(owner, '已签合同第二版.pdf', next, { id });
    expect(replaced.body).toMatchObject({ state: 200, data: { id, sha256: sha(next) } });
    const renamed = await call(t, 'POST', '/file/attachment/modifyName', {
      token: owner,
      body: { id, fileName: '合同' },
    });
    expect(renamed.body.state).toBe(200);
    expect((await call(t, 'POST', `/file/attachment/remove?ids=${id}`, { token: owner })).body.state).toBe(
      200,
    );
  });

  it('a file a sent message or a publication holds cannot be replaced or renamed, even by its uploader', async () => {
    const pdf = makePdf(1, 'attached to a message');
    const id = (await upload(owner, '通知附件.pdf', pdf)).body.data.id as string;
    const sent = await call(t, 'POST', '/msg/innerMessage/save', {
      token: owner,
      body: { subject: '合同已签', content: '<p>见附件</p>', toAll: 1, attachmentIds: id },
    });
    expect(sent.body.state).toBe(200);
    const [replaced, renamed, removed, removedMany, tus] = await tryEverything(owner, id);
    for (const a of [replaced, renamed, tus])
      expect(a).toMatchObject({
        status: 403,
        state: 6010104,
        message:
          'The file "通知附件.pdf" belongs to a sent message, a filing or a publication and cannot be changed',
      });
    for (const a of [removed, removedMany]) expect(a).toMatchObject({ state: 2 });
    expect(await get(id)).toMatchObject({ fileName: '通知附件', sha256: sha(pdf) });

    const published = (await upload(owner, '公示表.pdf', makePdf(1, 'published'))).body.data.id as string;
    await setFilePublic(db(t), tenant, published, true);
    const [pReplaced, pRenamed] = await tryEverything(owner, published);
    expect(pReplaced).toMatchObject({ status: 403, state: 6010104 });
    expect(pRenamed).toMatchObject({ status: 403, state: 6010104 });
  });
});
