/**
 * Versioned screens (issue 26, schemas/api/screen-config.yaml): a draft saved and published is listed with
 * its author; a publish the screen check refuses (an unknown operation, a missing text, an expression that
 * does not parse, a key the meta-schema does not know) answers screenConfig.invalid with every problem and
 * changes nothing; a restore publishes a new version with the old content; a tenant's override is seen in
 * that tenant only and is flagged when the platform changes under it; a member without the right, a
 * holder trying the platform's versions and another tenant are refused without a trace; a publish reaches
 * the open bell streams of its scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession } from '../../server/auth/session.ts';
import { newId } from '../../server/auth/tokens.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { openEventStream } from '../support/event-stream.ts';
import { db, demoTenantId, grantRole, makeAccount, makeTenant } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const SCREEN = 'employee-list';
type Content = Record<string, unknown> & { columns: Record<string, unknown>[] };

describe.each(dbKindsOf(import.meta.url))('versioned screens on %s', (kind) => {
  let t: TestServer;
  let demo: string;
  let other: string;
  let superToken: string;
  let holder: string; // demo tenant, holds screen:configure through a role
  let otherHolder: string; // the other tenant, holds it too
  let member: string; // demo tenant, no role
  let otherMember: string;
  let file: Content;

  const post = (path: string, body: unknown, token: string, headers: Record<string, string> = {}) =>
    call(t, 'POST', `/screenConfig/${path}`, {
      body,
      token,
      headers: { 'accept-language': 'zh-CN', ...headers },
    });
  const ok = async (path: string, body: unknown, token: string) => {
    const r = await post(path, body, token);
    expect(r.body, `${path} ${JSON.stringify(body).slice(0, 80)}`).toMatchObject({ state: 200 });
    return r.body.data;
  };
  const rowsOfTable = async () =>
    db(t)
      .selectFrom('platform.screen_version')
      .select(['name', 'tenant_id', 'version', 'state', 'note', 'author_name', 'base_platform_version'])
      .orderBy('tenant_id')
      .orderBy('version')
      .execute();
  const withColumn = (title: string): Content => ({
    ...file,
    columns: [...file.columns, { field: 'email', title, width: 90 }],
  });

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    demo = await demoTenantId(t);
    other = await makeTenant(t, `scr_${kind}`);
    const systemId = (
      await db(t)
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
    // A resource of its own carrying the permission: the role grants it, whatever the built-in menu holds.
    const resourceId = newId();
    await db(t)
      .insertInto('platform.resource')
      .values({
        id: resourceId,
        system_id: systemId,
        alias: `scr_res_${kind}`,
        name: 'screens',
        permissions: ['screen:configure'],
      })
      .execute();
    const session = async (accountId: string, tenantId: string) =>
      (await issueSession(db(t), accountId, 600, { tenantId, systemId })).access_token;
    const holderIn = async (tenantId: string, schema: string, account: string) => {
      const a = await makeAccount(t, { account, tenantId });
      await grantRole(t, schema, {
        systemId,
        name: 'screens',
        alias: `scr_${account}`,
        resourceIds: [resourceId],
        accountIds: [a.id],
      });
      return session(a.id, tenantId);
    };
    holder = await holderIn(demo, 't_demo', `scr_h_${kind}`);
    otherHolder = await holderIn(other, `t_scr_${kind}`, `scr_oh_${kind}`);
    member = await session((await makeAccount(t, { account: `scr_m_${kind}`, tenantId: demo })).id, demo);
    otherMember = await session(
      (await makeAccount(t, { account: `scr_om_${kind}`, tenantId: other })).id,
      other,
    );
    const admin = await db(t)
      .selectFrom('platform.account')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    superToken = await session(admin.id, demo);
    file = (await ok('get', { name: SCREEN, scope: 'platform', version: 0 }, superToken)).content as Content;
  });
  afterAll(async () => t?.close());

  it('answers the file as version 0 and lists every screen file with nothing stored', async () => {
    const got = await ok('get', { name: SCREEN, scope: 'platform' }, superToken);
    expect(got).toMatchObject({ name: SCREEN, scope: 'platform', version: 0, state: 'FILE', author: null });
    expect(got.content).toMatchObject({ kind: 'list', operation: 'employee.query' });
    // Option sets are resolved as the browser gets the file.
    expect(JSON.stringify(got.content)).not.toContain('$set');
    const list = (await ok('list', {}, holder)).rows as Record<string, unknown>[];
    expect(list.length).toBeGreaterThan(100);
    expect(list.find((r) => r.name === SCREEN)).toEqual({
      name: SCREEN,
      kind: 'list',
      platformVersion: 0,
      tenantVersion: null,
      draft: null,
      platformChangedUnderOverride: false,
    });
    expect((await ok('versions', { name: SCREEN, scope: 'tenant' }, holder)).rows).toEqual([
      { version: 0, state: 'FILE', author: null, createdAt: null, note: null, basePlatformVersion: null },
    ]);
  });

  it('saves a draft (a second save replaces it), publishes it and lists the versions with their author', async () => {
    const first = await ok(
      'saveDraft',
      { name: SCREEN, scope: 'platform', content: withColumn('employee.field.email'), note: '加一列' },
      superToken,
    );
    expect(first).toMatchObject({
      name: SCREEN,
      scope: 'platform',
      version: 1,
      state: 'DRAFT',
      author: '超级管理员',
      note: '加一列',
      basePlatformVersion: null,
    });
    const again = await ok(
      'saveDraft',
      {
        name: SCREEN,
        scope: 'platform',
        content: withColumn('employee.field.mobile'),
        note: '加一列（手机）',
      },
      superToken,
    );
    expect(again).toMatchObject({ version: 1, state: 'DRAFT', note: '加一列（手机）' });
    expect(
      (await ok('list', {}, superToken)).rows.find((r: { name: string }) => r.name === SCREEN).draft,
    ).toEqual({ scope: 'platform', version: 1 });
    // A draft is nobody's screen yet.
    expect((await ok('effective', {}, member)).screens).toEqual([]);

    const published = await ok('publish', { name: SCREEN, scope: 'platform', version: 1 }, superToken);
    expect(published).toMatchObject({ version: 1, state: 'PUBLISHED', author: '超级管理员' });
    const versions = (await ok('versions', { name: SCREEN, scope: 'platform' }, holder)).rows;
    expect(versions.map((v: { version: number; state: string }) => [v.version, v.state])).toEqual([
      [1, 'PUBLISHED'],
      [0, 'FILE'],
    ]);
    expect(new Date(versions[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(versions[0].author).toBe('超级管理员');

    const seen = await ok('effective', {}, member);
    expect(seen.screens).toHaveLength(1);
    expect(seen.screens[0]).toMatchObject({ name: SCREEN, scope: 'platform', version: 1 });
    expect(seen.screens[0].content.columns.at(-1)).toEqual({
      field: 'email',
      title: 'employee.field.mobile',
      width: 90,
    });
    // The same for a session of another tenant, and one that names no tenant at all.
    expect((await ok('effective', {}, otherMember)).revision).toBe(seen.revision);
    expect(await ok('get', { name: SCREEN, scope: 'platform' }, holder)).toMatchObject({
      version: 1,
      state: 'PUBLISHED',
    });
    // Publishing it again is not a publish.
    const twice = await post('publish', { name: SCREEN, scope: 'platform', version: 1 }, superToken);
    expect(twice.body).toMatchObject({ state: 6010101, message: expect.stringContaining('不是草稿') });
  });

  it('refuses to publish a screen the check refuses, says every problem, and changes nothing', async () => {
    const broken: Content = {
      ...file,
      operation: 'employee.qeury',
      columns: [
        { ...file.columns[0], widht: 100 },
        { field: 'name', title: 'screenConfig.nope.missing' },
      ],
      toolbar: [{ type: 'refresh', label: 'action.refresh', visible: 'record.status ==' }],
    };
    const draft = await ok('saveDraft', { name: SCREEN, scope: 'platform', content: broken }, superToken);
    expect(draft.version).toBe(2);
    const before = await rowsOfTable();
    const effectiveBefore = await ok('effective', {}, member);

    const checked = (await ok('check', { name: SCREEN, content: broken }, holder)).errors as {
      path: string;
      message: string;
    }[];
    const refused = await post('publish', { name: SCREEN, scope: 'platform', version: 2 }, superToken);
    expect(refused.status).toBe(400);
    expect(refused.body.state).toBe(6010101);
    expect(refused.body.message).toMatch(/^页面定义有 \d+ 处问题，不能发布/);
    const errors = (refused.body.cause as { reason: string; errors: { path: string; message: string }[] })
      .errors;
    expect((refused.body.cause as { reason: string }).reason).toBe('screenConfig.invalid');
    expect(errors).toEqual(checked);
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: '/operation', message: '接口 employee.qeury 不存在' },
        { path: '/columns/0/widht', message: '不符合页面元模式：unknown field "widht"' },
        {
          path: '/columns/1/title',
          message: '文字键 screenConfig.nope.missing 缺少简体中文、繁体中文或英文译文',
        },
        {
          path: '/toolbar/0/visible',
          message: '表达式有误：unexpected end of expression at 16 in "record.status =="',
        },
      ]),
    );
    expect(await rowsOfTable()).toEqual(before);
    expect(await ok('effective', {}, member)).toEqual(effectiveBefore);

    // Said in the caller's language.
    const english = await post('check', { name: SCREEN, content: broken }, holder, {
      'accept-language': 'en',
    });
    expect(english.body.data.errors).toContainEqual({
      path: '/operation',
      message: 'Operation employee.qeury does not exist',
    });
    // The file itself passes; a kind no renderer draws is named.
    expect((await ok('check', { name: SCREEN, content: file }, holder)).errors).toEqual([]);
    expect((await ok('check', { name: SCREEN, content: { kind: 'kanban' } }, holder)).errors).toContainEqual({
      path: '/kind',
      message: '未知的页面类型 kanban',
    });
  });

  it('restores an earlier version as a new published one; a draft saved before is published after it', async () => {
    const restored = await ok('restore', { name: SCREEN, scope: 'platform', version: 0 }, superToken);
    expect(restored).toMatchObject({ version: 3, state: 'PUBLISHED', note: '恢复自版本 0' });
    const seen = await ok('effective', {}, member);
    expect(seen.screens[0]).toMatchObject({ version: 3, content: file });
    // The broken draft (2) is still there; fixed and published, it comes after the restore.
    await ok(
      'saveDraft',
      { name: SCREEN, scope: 'platform', content: withColumn('employee.field.email') },
      superToken,
    );
    const published = await ok('publish', { name: SCREEN, scope: 'platform', version: 2 }, superToken);
    expect(published).toMatchObject({ version: 4, state: 'PUBLISHED' });
    const again = await ok('restore', { name: SCREEN, scope: 'platform', version: 1 }, superToken);
    expect(again).toMatchObject({ version: 5, note: '恢复自版本 1' });
    expect(
      (await ok('get', { name: SCREEN, scope: 'platform', version: 5 }, holder)).content.columns.at(-1),
    ).toEqual({
      field: 'email',
      title: 'employee.field.mobile',
      width: 90,
    });
    expect(
      (await ok('versions', { name: SCREEN, scope: 'platform' }, superToken)).rows.map(
        (v: { version: number }) => v.version,
      ),
    ).toEqual([5, 4, 3, 1, 0]);
    // A draft is not restored; a version that does not exist is not found.
    await ok('saveDraft', { name: SCREEN, scope: 'platform', content: file }, superToken);
    expect(
      (await post('restore', { name: SCREEN, scope: 'platform', version: 6 }, superToken)).body.state,
    ).toBe(6010101);
    expect(
      (await post('restore', { name: SCREEN, scope: 'platform', version: 60 }, superToken)).body.state,
    ).toBe(404);
    expect((await post('get', { name: 'no-such-screen', scope: 'platform' }, superToken)).body.state).toBe(
      404,
    );
    // Each publish and restore is in the operation log, with who did it.
    const logged = await db(t)
      .selectFrom('platform.operation_log')
      .select(['operation_id', 'account', 'outcome'])
      .where('operation_id', 'in', ['screenConfig.publish', 'screenConfig.restore'])
      .where('outcome', '=', 'success')
      .execute();
    expect(logged.map((r) => `${r.operation_id} ${r.account}`).sort()).toEqual([
      'screenConfig.publish admin',
      'screenConfig.publish admin',
      'screenConfig.restore admin',
      'screenConfig.restore admin',
    ]);
  });

  it("keeps a tenant's override to that tenant and flags it when the platform changes under it", async () => {
    const platformNow = (await ok('get', { name: SCREEN, scope: 'platform' }, holder)).version as number;
    // Without an override the tenant is shown the platform's version.
    expect(await ok('get', { name: SCREEN, scope: 'tenant' }, holder)).toMatchObject({
      scope: 'platform',
      version: platformNow,
    });
    const override = { ...file, columns: file.columns.slice(0, 2) };
    const draft = await ok(
      'saveDraft',
      { name: SCREEN, scope: 'tenant', content: override, note: '只留两列' },
      holder,
    );
    expect(draft).toMatchObject({
      scope: 'tenant',
      version: 1,
      state: 'DRAFT',
      basePlatformVersion: platformNow,
      author: `User scr_h_${kind}`,
    });
    await ok('publish', { name: SCREEN, scope: 'tenant', version: 1 }, holder);

    const inDemo = await ok('effective', {}, member);
    expect(inDemo.screens).toEqual([{ name: SCREEN, scope: 'tenant', version: 1, content: override }]);
    const elsewhere = await ok('effective', {}, otherMember);
    expect(elsewhere.screens).toEqual([
      expect.objectContaining({ name: SCREEN, scope: 'platform', version: platformNow }),
    ]);
    expect(elsewhere.revision).not.toBe(inDemo.revision);
    // The other tenant's configurator sees none of it.
    expect(
      (await ok('versions', { name: SCREEN, scope: 'tenant' }, otherHolder)).rows.map(
        (r: { version: number }) => r.version,
      ),
    ).toEqual([0]);
    expect(
      (await ok('list', {}, otherHolder)).rows.find((r: { name: string }) => r.name === SCREEN),
    ).toMatchObject({ tenantVersion: null, draft: null });
    expect((await post('get', { name: SCREEN, scope: 'tenant', version: 1 }, otherHolder)).body.state).toBe(
      404,
    );

    const row = () =>
      ok('list', {}, holder).then((l) => l.rows.find((r: { name: string }) => r.name === SCREEN));
    expect(await row()).toMatchObject({
      platformVersion: platformNow,
      tenantVersion: 1,
      platformChangedUnderOverride: false,
    });
    // The platform's open draft (6, from the test above) keeps its number: the restore is 7.
    await ok('restore', { name: SCREEN, scope: 'platform', version: 4 }, superToken);
    expect(await row()).toMatchObject({
      platformVersion: platformNow + 2,
      tenantVersion: 1,
      platformChangedUnderOverride: true,
    });
    // The override still wins in its tenant; the platform's change reaches the others.
    expect((await ok('effective', {}, member)).revision).toBe(inDemo.revision);
    expect((await ok('effective', {}, otherMember)).revision).not.toBe(elsewhere.revision);
  });

  it('refuses a member without the right, a holder on the platform scope and another tenant, writing nothing', async () => {
    const before = await rowsOfTable();
    const content = withColumn('employee.field.email');
    for (const [path, body] of [
      ['list', {}],
      ['versions', { name: SCREEN, scope: 'tenant' }],
      ['get', { name: SCREEN, scope: 'platform' }],
      ['check', { name: SCREEN, content }],
      ['saveDraft', { name: SCREEN, scope: 'tenant', content }],
      ['publish', { name: SCREEN, scope: 'tenant', version: 1 }],
      ['restore', { name: SCREEN, scope: 'tenant', version: 1 }],
    ] as const) {
      const r = await post(path, body, member);
      expect(r.body, path).toMatchObject({
        state: 6010104,
        cause: { reason: 'permission', permission: 'screen:configure' },
      });
    }
    for (const [path, body] of [
      ['saveDraft', { name: SCREEN, scope: 'platform', content }],
      ['publish', { name: SCREEN, scope: 'platform', version: 6 }],
      ['restore', { name: SCREEN, scope: 'platform', version: 1 }],
    ] as const) {
      expect((await post(path, body, holder)).body.state, path).toBe(6010106);
    }
    // A session of the other tenant cannot name this one.
    const crossed = await post('versions', { name: SCREEN, scope: 'tenant' }, otherHolder, {
      'x-tenant-id': demo,
    });
    expect(crossed.body.state).toBe(6010105);
    expect(
      (await post('restore', { name: SCREEN, scope: 'tenant', version: 1 }, otherHolder)).body.state,
    ).toBe(404);
    expect(await rowsOfTable()).toEqual(before);
    // Without a session, not even the effective screens.
    expect((await call(t, 'POST', '/screenConfig/effective', { body: {} })).body.state).toBe(6020201);
  });

  it('tells the open bell streams of the scope when a version is published', async () => {
    const url = `${t.api}/msg/innerMessage/stream`;
    const mine = await openEventStream(url, member);
    const theirs = await openEventStream(url, otherMember);
    try {
      await mine.next('ready');
      await theirs.next('ready');
      await ok('restore', { name: SCREEN, scope: 'tenant', version: 1 }, holder);
      expect((await mine.next('screens')).data).toEqual({ name: SCREEN });
      await ok('restore', { name: SCREEN, scope: 'platform', version: 1 }, superToken);
      // The platform's change reaches every tenant (the other tenant heard nothing of the override).
      expect((await theirs.next('screens')).data).toEqual({ name: SCREEN });
      expect((await mine.next('screens')).data).toEqual({ name: SCREEN });
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
