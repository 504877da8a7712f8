/**
 * Levels (职级) as managed data of the tenant on both databases: listed by type and level value, read,
 * saved with the name unique within its type, carried by positions (only post levels; the position
 * list shows the level's name), and removed only when no position carries them — all or nothing, with
 * translated refusals. Reading is for members; changing needs position:write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

interface Level {
  id: string;
  name: string;
  level: number;
  type: 'org' | 'position';
}

describe.each(dbKindsOf(import.meta.url))('levels on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let memberToken: string;
  const post = (path: string, body?: unknown, token = admin) => call(t, 'POST', path, { token, body });
  const levels = async (parameters: { key: string; value: unknown }[] = [], token = admin) => {
    const res = await post('/level/query', { parameters, requestPage: { pageNo: 1, limit: 100 } }, token);
    expect(res.body.state).toBe(200);
    return res.body.data.dataResult as Level[];
  };

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
    const member = await makeAccount(t, {
      account: `levels_member_${kind}`,
      tenantId: await demoTenantId(t),
    });
    memberToken = (await loginToken(t, member.account, member.password)).access_token;
  });
  afterAll(async () => t?.close());

  it('lists the seeded levels by type and level value, filtered by type; reads one', async () => {
    const all = await levels();
    expect(all.map((l) => [l.type, l.name, l.level])).toEqual([
      ['org', '一级部门', 1],
      ['position', '处级', 1],
      ['position', '科级', 2],
      ['position', '科员', 3],
    ]);
    const posts = await levels([{ key: 'type', value: 'position' }], memberToken);
    expect(posts.map((l) => l.name)).toEqual(['处级', '科级', '科员']);
    const got = await call(t, 'GET', `/level/get?id=${posts[0]!.id}`, { token: memberToken });
    expect(got.body.data).toEqual(posts[0]);
    const unknown = await call(t, 'GET', '/level/get?id=nope', { token: admin });
    expect(unknown.body.state).toBe(404);
    expect(unknown.body.message).toBe('职级不存在或已被删除（nope）');
  });

  it('saves a level with its name unique within its type; only position:write may', async () => {
    const taken = await post('/level/save', { name: ' 科级 ', level: 5, type: 'position' });
    expect(taken.body.state).toBe(6010101);
    expect(taken.body.message).toBe('职级名称“科级”已存在');
    const bad = await post('/level/save', { name: '坏', level: -1, type: 'position' });
    expect(bad.body.state).not.toBe(200);
    const badType = await post('/level/save', { name: '坏', level: 1, type: 'team' });
    expect(badType.body.state).not.toBe(200);
    expect(
      (await post('/level/save', { name: '坏', level: 1, type: 'position' }, memberToken)).body.state,
    ).not.toBe(200);
    expect((await levels([{ key: 'name', value: '坏' }])).length).toBe(0);

    const orgTwin = await post('/level/save', { name: '科级', level: 2, type: 'org' });
    expect(orgTwin.body.state).toBe(200);
    expect(orgTwin.body.data).toMatchObject({ name: '科级', level: 2, type: 'org' });
    const created = await post('/level/save', { name: '副处级', level: 1, type: 'position' });
    expect(created.body.state).toBe(200);
    const id = created.body.data.id as string;
    const renamed = await post('/level/save', { id, name: '副处级（高配）', level: 2, type: 'position' });
    expect(renamed.body.data).toEqual({ id, name: '副处级（高配）', level: 2, type: 'position' });
    const clash = await post('/level/save', { id, name: '处级', level: 2, type: 'position' });
    expect(clash.body.message).toBe('职级名称“处级”已存在');
    expect((await post('/level/save', { id: 'nope', name: 'x', level: 1, type: 'org' })).body.state).toBe(
      6010101,
    );
    await post(`/level/remove?ids=${id},${orgTwin.body.data.id}`);
  });

  it('is carried by positions (post levels only) and cannot be removed or made an org level while it is', async () => {
    const [org] = await levels([{ key: 'type', value: 'org' }]);
    const created = await post('/level/save', { name: '主任科员', level: 3, type: 'position' });
    const level = created.body.data as Level;
    const spare = (await post('/level/save', { name: '备用职级', level: 9, type: 'position' })).body
      .data as Level;

    const wrongType = await post('/position/save', { name: '级别岗位', code: 'levelPost', levelId: org!.id });
    expect(wrongType.body.message).toBe(`岗位级别不存在（${org!.id}）`);
    const saved = await post('/position/save', { name: '级别岗位', code: 'levelPost', levelId: level.id });
    expect(saved.body.state).toBe(200);
    const listed = await post('/position/queryWithLevelByOrgId', {
      parameters: [{ key: 'name', value: '级别岗位' }],
    });
    expect(listed.body.data.dataResult).toEqual([
      expect.objectContaining({ id: saved.body.data.id, levelId: level.id, levelName: '主任科员', level: 3 }),
    ]);

    const refused = await post(`/level/remove?ids=${spare.id},${level.id}`);
    expect(refused.body.state).toBe(6010101);
    expect(refused.body.message).toBe('职级“主任科员”还有岗位“级别岗位”在用，不能删除或改为组织职级');
    expect((await levels([{ key: 'name', value: '备用职级' }])).length).toBe(1);
    const toOrg = await post('/level/save', { ...level, type: 'org' });
    expect(toOrg.body.state).toBe(6010101);
    expect((await call(t, 'GET', `/level/get?id=${level.id}`, { token: admin })).body.data.type).toBe(
      'position',
    );
    expect((await post(`/level/remove?ids=${spare.id}`, undefined, memberToken)).body.state).not.toBe(200);
    expect((await post(`/level/remove?ids=${spare.id},nope`)).body.state).toBe(6010101);
    expect((await levels([{ key: 'name', value: '备用职级' }])).length).toBe(1);

    // Cleared from the position, the level can go.
    expect((await post('/position/save', { ...saved.body.data, levelId: null })).body.state).toBe(200);
    expect((await post(`/level/remove?ids=${spare.id},${level.id}`)).body.state).toBe(200);
    expect((await levels([{ key: 'type', value: 'position' }])).map((l) => l.name)).toEqual([
      '处级',
      '科级',
      '科员',
    ]);
  });
});
