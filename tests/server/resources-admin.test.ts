/**
 * Menu resources on both databases: the subsystem's tree, save (external http entries only, unique
 * aliases), move (never under itself), sibling order, remove with descendants and their role grants,
 * XML export and import (the export imports back identical, into the same or a fresh subsystem;
 * malformed and hostile XML refused with nothing written), the checked trees of a role and a user, and
 * favourites; administration is the super user's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('menu resources on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let systemId: string;
  const post = (path: string, body?: unknown, token = admin) => call(t, 'POST', path, { token, body });
  const get = (path: string, token = admin) => call(t, 'GET', path, { token });

  async function exportText(sys: string, token = admin): Promise<{ status: number; text: string }> {
    const res = await fetch(`${t.api}/auth/resources/exportXml?systemId=${sys}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: res.status, text: await res.text() };
  }

  async function importText(sys: string, xml: string, resourceId = '') {
    const form = new FormData();
    form.append('systemId', sys);
    if (resourceId) form.append('resourceId', resourceId);
    form.append('file', new Blob([xml]), 'resources.xml');
    const res = await fetch(`${t.api}/auth/resources/importXml`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    return (await res.json()) as { state: number; message: string; data: any };
  }

  const count = async (sys: string) =>
    (await db(t).selectFrom('platform.resource').select('id').where('system_id', '=', sys).execute()).length;

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
    systemId = (
      await db(t)
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.close());

  it('exports XML that imports back identical, here and into a fresh subsystem', async () => {
    const first = await exportText(systemId);
    expect(first.status).toBe(200);
    expect(first.text).toContain('<resource alias="system"');
    const before = await count(systemId);
    const again = await importText(systemId, first.text);
    expect(again.state).toBe(200);
    expect(await count(systemId)).toBe(before);
    expect((await exportText(systemId)).text).toBe(first.text);

    const fresh = newId();
    await db(t)
      .insertInto('platform.subsystem')
      .values({ id: fresh, name: '导入测试', alias: `imp_${kind}` })
      .execute();
    const into = await importText(fresh, first.text);
    expect(into.data.count).toBe(before);
    expect((await exportText(fresh)).text).toBe(first.text);
  });

  it('refuses malformed and hostile XML, writing nothing', async () => {
    const fresh = newId();
    await db(t)
      .insertInto('platform.subsystem')
      .values({ id: fresh, name: '拒绝测试', alias: `bad_${kind}` })
      .execute();
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><resources><resource alias="a" name="&x;"/></resources>`;
    expect((await importText(fresh, xxe)).message).toBe('XML 文件不能包含 DOCTYPE 或实体声明');
    const bomb = `<!DOCTYPE r [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><resources/>`;
    expect((await importText(fresh, bomb)).state).toBe(6010101);
    expect((await importText(fresh, '<resources><resource alias="a" name="x"></resources>')).message).toMatch(
      /^XML 格式错误/,
    );
    expect((await importText(fresh, '<menus/>')).message).toBe('XML 的根元素必须是 resources');
    expect(
      (
        await importText(
          fresh,
          '<resources><resource alias="a" name="A"/><resource alias="a" name="B"/></resources>',
        )
      ).message,
    ).toBe('资源别名重复：a');
    expect(
      (await importText(fresh, '<resources><resource alias="a" name="A" onload="x"/></resources>')).message,
    ).toBe('不支持的属性：onload');
    expect(
      (
        await importText(
          fresh,
          '<resources><resource alias="a" name="A" permissions="drop table"/></resources>',
        )
      ).state,
    ).toBe(6010101);
    const deep = `<resources>${'<resource alias="d" name="d">'.repeat(1)}${Array.from({ length: 20 }, (_, i) => `<resource alias="d${i}" name="d">`).join('')}${'</resource>'.repeat(21)}</resources>`;
    expect((await importText(fresh, deep)).message).toBe('资源层级不能超过 16 层');
    expect(await count(fresh)).toBe(0);
    const escaped = `<resources><resource alias="q" name="A &amp; &lt;B&gt; &quot;C&quot;" path="https://example.cn/?a=1&amp;b=2"/></resources>`;
    expect((await importText(fresh, escaped)).state).toBe(200);
    const row = await db(t)
      .selectFrom('platform.resource')
      .select(['name', 'path'])
      .where('system_id', '=', fresh)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'A & <B> "C"', path: 'https://example.cn/?a=1&b=2' });
    expect((await exportText(fresh)).text).toContain('name="A &amp; &lt;B&gt; &quot;C&quot;"');
  });

  it('adds, edits, moves, sorts and removes entries of the tree', async () => {
    const sys = newId();
    await db(t)
      .insertInto('platform.subsystem')
      .values({ id: sys, name: '编辑测试', alias: `edit_${kind}` })
      .execute();
    const add = (body: Record<string, unknown>) => post('/auth/resources/save', { systemId: sys, ...body });
    const top = (await add({ alias: 'top', name: '顶层', icon: 'setting' })).body.data;
    const a = (await add({ alias: 'a', name: 'A', parentId: top.id, path: '/a' })).body.data;
    const b = (await add({ alias: 'b', name: 'B', parentId: top.id })).body.data;
    const ext = await add({
      alias: 'ext',
      name: '外部',
      parentId: top.id,
      defaultUrl: 'https://example.cn',
      open: true,
    });
    expect(ext.body.data).toMatchObject({ open: 'external', defaultUrl: 'https://example.cn' });
    const js = await add({ alias: 'js', name: 'X', defaultUrl: 'javascript:alert(1)' });
    expect(js.body.message).toBe('外部地址只能是 http 或 https 地址：javascript:alert(1)');
    const btn = await add({
      alias: 'a_write',
      name: '写',
      parentId: a.id,
      type: 'button',
      permissions: ['employee:write'],
    });
    expect(btn.body.data).toMatchObject({ type: 'button', permissions: ['employee:write'] });
    expect((await add({ alias: 'a', name: 'dup' })).body.message).toBe('别名“a”在该子系统中已存在');

    const tree = await get(`/auth/resources/getTreeData?systemId=${sys}`);
    expect(tree.body.data[0].children.map((n: { alias: string }) => n.alias)).toEqual(['a', 'b', 'ext']);

    expect((await post(`/auth/resources/saveMove?id=${top.id}&parentId=${a.id}`)).body.message).toBe(
      '不能移动到自身或其下级之下',
    );
    expect((await post(`/auth/resources/saveMove?id=${b.id}&parentId=${a.id}`)).body.state).toBe(200);
    expect((await post(`/auth/resources/sortSave?ids=${b.id},${btn.body.data.id}`)).body.state).toBe(200);
    const moved = (await get(`/auth/resources/getTreeData?systemId=${sys}`)).body.data[0].children[0];
    expect(moved.children.map((n: { alias: string }) => n.alias)).toEqual(['b', 'a_write']);
    expect((await post(`/auth/resources/sortSave?ids=${b.id},${top.id}`)).body.message).toBe(
      '只能对同一上级下的资源排序',
    );

    await post(`/auth/resources/updateNode?id=${a.id}&name=${encodeURIComponent('改名')}&icon=team`);
    expect((await get(`/auth/resources/get?id=${a.id}`)).body.data).toMatchObject({
      name: '改名',
      icon: 'team',
    });
    await post(`/auth/resources/updateResource?id=${b.id}`, { name: 'B2', path: '/b2' });
    expect((await get(`/auth/resources/get?id=${b.id}`)).body.data).toMatchObject({
      name: 'B2',
      path: '/b2',
    });

    // A role of the demo tenant holds a; removing a takes b and the button with it, and the grant.
    const demo = tenantSchemaName('demo');
    const roleId = newId();
    await db(t)
      .withSchema(demo)
      .insertInto('role')
      .values({ id: roleId, name: '测试角色', alias: `r_${kind}` })
      .execute();
    await db(t)
      .withSchema(demo)
      .insertInto('role_resource')
      .values({ role_id: roleId, resource_id: a.id })
      .execute();
    const checked = await get(`/auth/resources/findRoleResTreeChecked?roleId=${roleId}&systemId=${sys}`);
    expect(
      checked.body.data.filter((r: { checked: boolean }) => r.checked).map((r: { id: string }) => r.id),
    ).toEqual([a.id]);
    expect((await post(`/auth/resources/remove?ids=${a.id}`)).body.state).toBe(200);
    const left = await db(t)
      .selectFrom('platform.resource')
      .select('alias')
      .where('system_id', '=', sys)
      .orderBy('alias')
      .execute();
    expect(left.map((r) => r.alias)).toEqual(['ext', 'top']);
    expect(
      await db(t)
        .withSchema(demo)
        .selectFrom('role_resource')
        .select('resource_id')
        .where('role_id', '=', roleId)
        .execute(),
    ).toEqual([]);
  });

  it('keeps favourites per user, only of entries in their menu, in their order', async () => {
    const demoId = await demoTenantId(t);
    const user = await makeAccount(t, { account: `fav_${kind}`, tenantId: demoId, admin: true });
    const token = (await loginToken(t, user.account, user.password)).access_token;
    const menu = await get(`/auth/resources/getMenuData?systemId=${systemId}`, token);
    const leaves = (menu.body.data as { id: string; children: { id: string }[] }[])
      .flatMap((n) => n.children)
      .slice(0, 2);
    expect(leaves).toHaveLength(2);
    for (const l of leaves)
      expect(
        (await post(`/auth/resources/saveFavorites?resourceId=${l.id}`, undefined, token)).body.state,
      ).toBe(200);
    const listed = await post('/auth/resources/getMenuFavorites', { systemId }, token);
    expect(listed.body.data.map((n: { id: string }) => n.id)).toEqual(leaves.map((l) => l.id));
    await post(`/auth/resources/sortFavorites?resourceIds=${leaves[1].id},${leaves[0].id}`, undefined, token);
    const sorted = await post('/auth/resources/getMenuFavorites', { systemId }, token);
    expect(sorted.body.data.map((n: { id: string }) => n.id)).toEqual([leaves[1].id, leaves[0].id]);
    await post(`/auth/resources/removeFavorites?resourceId=${leaves[1].id}`, undefined, token);
    expect((await post('/auth/resources/getMenuFavorites', { systemId }, token)).body.data).toHaveLength(1);
    expect((await post('/auth/resources/saveFavorites?resourceId=nope', undefined, token)).body.state).toBe(
      404,
    );

    // Not the super user: no administration.
    expect(
      (await post('/auth/resources/save', { systemId, alias: 'x', name: 'x' }, token)).body.state,
    ).not.toBe(200);
    expect((await exportText(systemId, token)).text).not.toContain('<resources>');
  });
});
