/**
 * Subsystems on both databases: the list, create and edit with a checked logo (image address or safe
 * SVG), one default, removal only when unused (with its resources), never the default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('subsystems on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  const post = (path: string, body?: unknown, token = admin) => call(t, 'POST', path, { token, body });

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  it('creates and edits subsystems with checked logos', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4"/></svg>';
    const made = await post('/auth/sub/system/save', {
      name: '统计分析',
      alias: `stats_${kind}`,
      logo: svg,
      logoType: 'svg',
      sn: 5,
    });
    expect(made.body.data).toMatchObject({ name: '统计分析', logo: svg, logoType: 'svg', isDefault: 'N' });
    const unsafe = [
      '<svg><script>alert(1)</script></svg>',
      '<svg onload="alert(1)"/>',
      '<svg><a href="javascript:alert(1)"><text>x</text></a></svg>',
      '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>',
      '<svg><foreignObject><div/></foreignObject></svg>',
      '<div/>',
      '<svg>',
    ];
    for (const logo of unsafe) {
      const res = await post('/auth/sub/system/save', {
        id: made.body.data.id,
        name: 'x',
        alias: `stats_${kind}`,
        logo,
        logoType: 'svg',
      });
      expect(res.body.state, logo).toBe(6010101);
    }
    const badImage = await post('/auth/sub/system/save', {
      name: 'y',
      alias: `img_${kind}`,
      logo: 'javascript:alert(1)',
      logoType: 'image',
    });
    expect(badImage.body.message).toBe('图片地址只能是 http、https 或本站路径');
    const dup = await post('/auth/sub/system/save', { name: 'z', alias: `stats_${kind}` });
    expect(dup.body.message).toBe(`子系统别名“stats_${kind}”已存在`);
    const edited = await post('/auth/sub/system/save', {
      id: made.body.data.id,
      name: '统计',
      alias: `stats_${kind}`,
      logo: '/logo.png',
      logoType: 'image',
    });
    expect(edited.body.data).toMatchObject({ name: '统计', logo: '/logo.png', logoType: 'image' });
    const list = await post('/auth/sub/system/query', { parameters: [{ key: 'alias', value: 'stats' }] });
    expect(list.body.data.dataResult.map((s: { name: string }) => s.name)).toEqual(['统计']);
  });

  it('removes only unused subsystems with their resources; never the default', async () => {
    const made = (await post('/auth/sub/system/save', { name: '临时', alias: `tmp_${kind}`, isDefault: 'Y' }))
      .body.data;
    const defaults = await db(t)
      .selectFrom('platform.subsystem')
      .select('id')
      .where('is_default', '=', true)
      .execute();
    expect(defaults).toEqual([{ id: made.id }]);
    expect((await post(`/auth/sub/system/remove?ids=${made.id}`)).body.message).toBe(
      '不能删除默认子系统“临时”',
    );
    const merger = await db(t)
      .selectFrom('platform.subsystem')
      .select('id')
      .where('alias', '=', 'merger')
      .executeTakeFirstOrThrow();
    await post('/auth/sub/system/save', {
      id: merger.id,
      name: '经营者集中申报',
      alias: 'merger',
      isDefault: 'Y',
    });

    const res = (await post('/auth/resources/save', { systemId: made.id, alias: 'page', name: '页面' })).body
      .data;
    const roleId = newId();
    const demo = db(t).withSchema(tenantSchemaName('demo'));
    await demo
      .insertInto('role')
      .values({ id: roleId, name: '临时角色', alias: `tmp_role_${kind}` })
      .execute();
    await demo.insertInto('role_resource').values({ role_id: roleId, resource_id: res.id }).execute();
    expect((await post(`/auth/sub/system/remove?ids=${made.id}`)).body.message).toBe(
      '子系统“临时”正被租户“演示企业集团”的角色使用，不能删除',
    );
    await demo.deleteFrom('role_resource').where('role_id', '=', roleId).execute();
    expect((await post(`/auth/sub/system/remove?ids=${made.id}`)).body.state).toBe(200);
    expect(
      await db(t).selectFrom('platform.resource').select('id').where('id', '=', res.id).execute(),
    ).toEqual([]);

    const user = await makeAccount(t, { account: `sub_user_${kind}` });
    const token = (await loginToken(t, user.account, user.password)).access_token;
    expect((await post('/auth/sub/system/save', { name: 'n', alias: 'nn' }, token)).body.state).not.toBe(200);
  });
});
