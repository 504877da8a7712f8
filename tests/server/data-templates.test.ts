/**
 * Data templates (issue 26, schemas/api/data-templates.yaml) with the 会议纪要 (meetingMinutes) template:
 * a configurator defines it, its table appears in the tenant's schema only; rows are saved with the
 * computed total recomputed on the server whatever the browser sent; a row breaking the rule is refused
 * with the rule's own message (the one the form shows) and nothing is written; another tenant does not
 * see the template or its rows; a member without the template's grant is refused, one with it passes;
 * a new field is added at once, a removed or retyped field only with confirm and with its data kept.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFormRules, describeRuleMessage } from '../../schemas/formulas/index.ts';
import { issueSession } from '../../server/auth/session.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, grantRole, makeAccount, makeTenant } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';
import { screenProblems } from '../../server/modules/screen-config/check.ts';
import { meetingMinutes, RULE_MESSAGE, text } from '../../renderers/fixtures/meeting-minutes.ts';

describe.each(dbKindsOf(import.meta.url))('data templates on %s', (kind) => {
  let t: TestServer;
  let demo: string;
  let other: string;
  let configurator: string; // demo tenant administrator
  let otherAdmin: string;
  let writer: string; // demo member holding the template's write role
  let reader: string; // demo member holding its read role
  let stranger: string; // demo member without either
  let writeRole: string;
  let readRole: string;

  const post = (path: string, body: unknown, token: string, lang = 'zh-CN') =>
    call(t, 'POST', `/dataTemplate/${path}`, { body, token, headers: { 'accept-language': lang } });
  const get = (path: string, token: string) =>
    call(t, 'GET', `/dataTemplate/${path}`, { token, headers: { 'accept-language': 'zh-CN' } });
  const ok = async (r: Promise<{ status: number; body: { state: number; data: any } }>) => {
    const answer = await r;
    expect(answer.body, JSON.stringify(answer.body).slice(0, 300)).toMatchObject({ state: 200 });
    return answer.body.data;
  };
  const saveRow = (values: Record<string, unknown>, token: string, id?: string, lang?: string) =>
    post('row/save?template=meetingMinutes', id ? { id, values } : { values }, token, lang);
  const rowCount = async (schema: string) =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from ${sql.id(schema, 'dt_meetingMinutes')}`.execute(
          db(t),
        )
      ).rows[0]!.n,
    );
  const columns = async (schema: string) =>
    (
      await sql<{ column_name: string; data_type: string }>`
        select column_name, data_type from information_schema.columns
         where table_schema = ${schema} and table_name = 'dt_meetingMinutes' order by column_name`.execute(
        db(t),
      )
    ).rows.map((r) => `${r.column_name}:${r.data_type}`);

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    demo = await demoTenantId(t);
    other = await makeTenant(t, `dtt_${kind}`);
    const systemId = (
      await db(t)
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
    const session = async (accountId: string, tenantId: string) =>
      (await issueSession(db(t), accountId, 600, { tenantId, systemId })).access_token;
    const account = (name: string, tenantId: string, admin = false) =>
      makeAccount(t, { account: `${name}_${kind}`, tenantId, admin });
    configurator = await session((await account('dt_cfg', demo, true)).id, demo);
    otherAdmin = await session((await account('dt_oadm', other, true)).id, other);
    const w = await account('dt_w', demo);
    const r = await account('dt_r', demo);
    writeRole = (
      await grantRole(t, 't_demo', {
        systemId,
        name: 'dt writers',
        alias: `dtw_${kind}`,
        resourceIds: [],
        accountIds: [w.id],
      })
    ).roleId;
    readRole = (
      await grantRole(t, 't_demo', {
        systemId,
        name: 'dt readers',
        alias: `dtr_${kind}`,
        resourceIds: [],
        accountIds: [r.id],
      })
    ).roleId;
    writer = await session(w.id, demo);
    reader = await session(r.id, demo);
    stranger = await session((await account('dt_s', demo)).id, demo);
  });
  afterAll(async () => t?.close());

  it('makes the template and its typed table in the tenant schema only', async () => {
    const saved = await ok(post('save', { template: meetingMinutes([readRole], [writeRole]) }, configurator));
    expect(saved.template).toMatchObject({ code: 'meetingMinutes', version: 1, canWrite: true });
    expect(saved.changes.map((c: { kind: string }) => c.kind)).toEqual(['create']);
    expect(await columns('t_demo')).toEqual([
      'attendees:integer',
      'costEach:double precision',
      'created_at:timestamp with time zone',
      'created_by:text',
      'id:text',
      'meetingDate:date',
      'title:text',
      'total:double precision',
      'updated_at:timestamp with time zone',
    ]);
    expect(await columns(`t_dtt_${kind}`)).toEqual([]);
    expect((await ok(post('list', {}, otherAdmin))).rows).toEqual([]);
  });

  it('refuses a definition whose formula names an unknown field or does not parse, saving nothing', async () => {
    const bad = meetingMinutes();
    bad.code = 'badMinutes';
    bad.formulas = {
      computed: { total: 'attendees * price' },
      rules: [{ field: 'total', check: 'total <= (', message: RULE_MESSAGE }],
    };
    const r = await post('save', { template: bad }, configurator);
    expect(r.status).toBeLessThan(500);
    expect(r.body.state).toBe(6010101);
    expect(JSON.stringify(r.body.cause)).toContain('price');
    expect((await ok(post('list', {}, configurator))).rows.map((x: { code: string }) => x.code)).toEqual([
      'meetingMinutes',
    ]);
  });

  it('saves rows with the total computed on the server, whatever the browser sent', async () => {
    const row = await ok(
      saveRow({ title: '周会', meetingDate: '2026-11-30', attendees: 12, costEach: 35.5, total: 1 }, writer),
    );
    expect(row).toMatchObject({
      title: '周会',
      meetingDate: '2026-11-30',
      attendees: 12,
      costEach: 35.5,
      total: 426,
    });
    // As the form sends it: the loaded row with its own columns (id, times), which are left alone.
    const edited = await ok(saveRow({ ...row, meetingDate: null, attendees: 10, total: 1 }, writer, row.id));
    expect(edited).toMatchObject({ id: row.id, total: 355, meetingDate: null });
    expect(await ok(get(`row/get?template=meetingMinutes&id=${row.id}`, reader))).toMatchObject({
      total: 355,
    });
    const page = await ok(
      post(
        'row/query',
        {
          parameters: [
            { key: 'template', value: 'meetingMinutes' },
            { key: 'title', value: '周' },
          ],
        },
        reader,
      ),
    );
    expect(page.pageResult.totalCount).toBe(1);
    expect(page.dataResult[0]).toMatchObject({ id: row.id, title: '周会' });
  });

  it("generates list, form and detail screens that pass the build's screen check, texts inline", async () => {
    const writerScreens = await ok(get('screens?code=meetingMinutes', writer));
    expect(writerScreens.names).toEqual({
      list: 'dt-meetingMinutes-list',
      form: 'dt-meetingMinutes-form',
      detail: 'dt-meetingMinutes-detail',
    });
    expect(writerScreens.list).toMatchObject({
      kind: 'list',
      title: text('会议纪要', '會議紀要', 'Meeting minutes'),
      operation: 'dataTemplate.row.query',
    });
    expect(writerScreens.form.formulas).toEqual(meetingMinutes().formulas);
    for (const kind of ['list', 'form', 'detail'] as const)
      expect(screenProblems(writerScreens.names[kind], writerScreens[kind]), kind).toEqual([]);
    expect(writerScreens.list.toolbar.length).toBeGreaterThan(0);
    const readerScreens = await ok(get('screens?code=meetingMinutes', reader));
    expect(readerScreens.list.toolbar).toEqual([]);
    expect(readerScreens.list.rowActions).toEqual([]);
    expect((await get('screens?code=meetingMinutes', stranger)).body.state).toBe(6010104);
  });

  it('shows a configurator’s published version of a generated screen, and lists them to configure', async () => {
    const cfg = (path: string, body: unknown, token = configurator) =>
      call(t, 'POST', `/screenConfig/${path}`, { body, token, headers: { 'accept-language': 'zh-CN' } });
    const listed = (await ok(cfg('list', {}))).rows as Array<Record<string, unknown>>;
    expect(listed.find((r) => r.name === 'dt-meetingMinutes-form')).toMatchObject({
      kind: 'form',
      tenantVersion: null,
      template: '会议纪要',
    });
    // The other tenant has no such template: neither listed nor reachable.
    const otherRows = (await ok(cfg('list', {}, otherAdmin))).rows as Array<{ name: string }>;
    expect(otherRows.some((r) => r.name.startsWith('dt-meetingMinutes'))).toBe(false);
    expect(
      (await cfg('get', { name: 'dt-meetingMinutes-list', scope: 'tenant' }, otherAdmin)).body.state,
    ).toBe(404);
    // Version 0 is the generated screen; the platform scope has none.
    const zero = await ok(cfg('get', { name: 'dt-meetingMinutes-list', scope: 'tenant', version: 0 }));
    expect(zero.content.title).toEqual(text('会议纪要', '會議紀要', 'Meeting minutes'));
    expect(
      (await cfg('get', { name: 'dt-meetingMinutes-list', scope: 'platform', version: 0 })).body.state,
    ).toBe(404);
    // A configurator renames the list and drops the date column, then publishes.
    const content = {
      ...zero.content,
      title: text('会议纪要台账', '會議紀要台賬', 'Minutes register'),
      columns: zero.content.columns.filter((c: { field: string }) => c.field !== 'meetingDate'),
    };
    const draft = await ok(cfg('saveDraft', { name: 'dt-meetingMinutes-list', scope: 'tenant', content }));
    await ok(cfg('publish', { name: 'dt-meetingMinutes-list', scope: 'tenant', version: draft.version }));
    const seen = await ok(get('screens?code=meetingMinutes', reader));
    expect(seen.list.title).toEqual(text('会议纪要台账', '會議紀要台賬', 'Minutes register'));
    expect(seen.list.columns.map((c: { field: string }) => c.field)).not.toContain('meetingDate');
    // The reader still gets no writing buttons on the configurator's version.
    expect(seen.list.toolbar).toEqual([]);
    // A broken version is refused, nothing published.
    const broken = { ...content, title: { 'zh-CN': '缺语言' } };
    const draft2 = await ok(
      cfg('saveDraft', { name: 'dt-meetingMinutes-list', scope: 'tenant', content: broken }),
    );
    expect(
      (await cfg('publish', { name: 'dt-meetingMinutes-list', scope: 'tenant', version: draft2.version }))
        .body.state,
    ).toBe(6010101);
    // Restoring version 0 brings back the generated list.
    await ok(cfg('restore', { name: 'dt-meetingMinutes-list', scope: 'tenant', version: 0 }));
    const back = await ok(get('screens?code=meetingMinutes', writer));
    expect(back.list.columns.map((c: { field: string }) => c.field)).toContain('meetingDate');
  });

  it('refuses a row breaking the rule with the message the form shows, writing nothing', async () => {
    const before = await rowCount('t_demo');
    const values = { title: '年会', attendees: 500, costEach: 300 };
    // What the form shows: the same applyFormRules over the same formulas, described in the language.
    const template = meetingMinutes();
    const inForm = applyFormRules(
      template.formulas,
      { ...values, meetingDate: null, total: null },
      { mode: 'create', now: new Date() },
    );
    const formText = describeRuleMessage(inForm.errors.total![0]!, 'en', () => '');
    expect(formText).toBe(RULE_MESSAGE.en);
    const r = await saveRow(values, writer, undefined, 'en');
    expect(r.status).toBeLessThan(500);
    expect(r.body.state).toBe(6010101);
    expect(r.body.cause).toEqual([expect.objectContaining({ field: 'total', message: formText })]);
    expect(r.body.message).toContain(formText);
    expect(await rowCount('t_demo')).toBe(before);
  });

  it('refuses values of the wrong type, out of range, too long or missing, with translated messages', async () => {
    const before = await rowCount('t_demo');
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ attendees: 2 }, 'title', '必填'],
      [{ title: 'x'.repeat(101) }, 'title', '长度须在 1 到 100 个字符之间'],
      [{ title: 'a', attendees: 0 }, 'attendees', '不能小于 1'],
      [{ title: 'a', attendees: 1.5 }, 'attendees', '须为整数'],
      [{ title: 'a', meetingDate: '2026-02-30' }, 'meetingDate', '须为日期（YYYY-MM-DD）'],
      [{ title: 'a', costEach: 'abc' }, 'costEach', '须为数字'],
      [{ title: 'a', nope: 1 }, 'nope', '没有字段 nope'],
    ];
    for (const [values, field, message] of cases) {
      const r = await saveRow(values, writer);
      expect(r.status, JSON.stringify(values)).toBeLessThan(500);
      expect(r.body.state, JSON.stringify(values)).toBe(6010101);
      expect(r.body.cause, JSON.stringify(values)).toContainEqual(
        expect.objectContaining({ field, message }),
      );
    }
    expect(await rowCount('t_demo')).toBe(before);
  });

  it('refuses a person, organisation or attachment that is not the tenant’s own', async () => {
    const template = {
      code: 'visitLog',
      name: text('来访登记', '來訪登記', 'Visits'),
      fields: [
        { key: 'visitor', label: text('接待人', '接待人', 'Host'), type: 'person' },
        { key: 'dept', label: text('部门', '部門', 'Department'), type: 'org' },
        { key: 'scan', label: text('扫描件', '掃描件', 'Scan'), type: 'attachment' },
      ],
      formulas: {},
    };
    await ok(post('save', { template }, configurator));
    const demoEmployee = await db(t)
      .withSchema('t_demo')
      .selectFrom('employee')
      .select(['id', 'name'])
      .executeTakeFirstOrThrow();
    const demoOrg = await db(t)
      .withSchema('t_demo')
      .selectFrom('org')
      .select(['id', 'name'])
      .executeTakeFirstOrThrow();
    const otherSchema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', other)
        .executeTakeFirstOrThrow()
    ).schema_name;
    const otherEmployee = await db(t)
      .withSchema(otherSchema)
      .selectFrom('employee')
      .select('id')
      .executeTakeFirstOrThrow();
    const save = (values: Record<string, unknown>) =>
      post('row/save?template=visitLog', { values }, configurator);
    const refused = await save({ visitor: otherEmployee.id, dept: demoOrg.id, scan: 'nosuchfile' });
    expect(refused.body.state).toBe(6010101);
    expect(refused.body.cause).toEqual([
      expect.objectContaining({ field: 'visitor', message: '人员不存在或不属于本租户' }),
      expect.objectContaining({ field: 'scan', message: '附件不存在或不属于本租户' }),
    ]);
    const saved = await ok(save({ visitor: demoEmployee.id, dept: demoOrg.id }));
    // Each reference comes back with the name of what it names, for the list and the detail to show.
    expect(saved).toMatchObject({
      visitor: demoEmployee.id,
      visitor_name: demoEmployee.name,
      dept: demoOrg.id,
      dept_name: demoOrg.name,
      scan: null,
      scan_name: null,
    });
    // A loaded row sent back as it came (names included) saves again.
    const { id, createTime: _c, updateTime: _u, ...values } = saved;
    expect(
      (await post('row/save?template=visitLog', { id, values: { ...values, id } }, configurator)).body.state,
    ).toBe(200);
    // Its generated screens show the names, pick one person and one file, and pass the build's check.
    const screens = await ok(get('screens?code=visitLog', configurator));
    expect(screens.list.columns.map((c: { field: string }) => c.field)).toEqual([
      'visitor_name',
      'dept_name',
      'scan_name',
      'updateTime',
    ]);
    expect(screens.form.fields).toEqual([
      expect.objectContaining({
        name: 'visitor',
        widget: 'peopleSearch',
        widgetOptions: { shape: 'commaList', maxCount: 1 },
      }),
      expect.objectContaining({ name: 'dept', widget: 'orgPicker' }),
      expect.objectContaining({
        name: 'scan',
        widget: 'attachmentSelector',
        widgetOptions: { storage: 'id', limit: 1 },
      }),
    ]);
    for (const kind of ['list', 'form', 'detail'] as const)
      expect(screenProblems(screens.names[kind], screens[kind]), kind).toEqual([]);
  });

  it('guards rows by the template’s own grants, and keeps them from other tenants', async () => {
    const before = await rowCount('t_demo');
    expect((await saveRow({ title: 'x' }, reader)).body.state).toBe(6010104);
    expect(
      (await post('row/query', { parameters: [{ key: 'template', value: 'meetingMinutes' }] }, stranger)).body
        .state,
    ).toBe(6010104);
    expect((await saveRow({ title: 'x' }, stranger)).body.state).toBe(6010104);
    expect((await ok(post('list', {}, stranger))).rows).toEqual([]);
    expect((await ok(post('list', {}, reader))).rows).toMatchObject([
      { code: 'meetingMinutes', canWrite: false },
    ]);
    expect((await post('save', { template: meetingMinutes() }, writer)).body.state).toBe(6010104);
    // The other tenant has no such template: its calls never reach the demo tenant's table.
    expect(
      (await post('row/query', { parameters: [{ key: 'template', value: 'meetingMinutes' }] }, otherAdmin))
        .body.state,
    ).toBe(404);
    expect((await saveRow({ title: 'x' }, otherAdmin)).body.state).toBe(404);
    expect(await rowCount('t_demo')).toBe(before);
    const id = (
      await ok(post('row/query', { parameters: [{ key: 'template', value: 'meetingMinutes' }] }, reader))
    ).dataResult[0].id;
    expect((await post(`row/remove?template=meetingMinutes&ids=${id}`, {}, reader)).body.state).toBe(6010104);
    expect((await get(`row/get?template=meetingMinutes&id=${id}`, otherAdmin)).body.state).toBe(404);
  });

  it('adds a field at once; removes or retypes one only when confirmed, keeping the data', async () => {
    const base = meetingMinutes([readRole], [writeRole]);
    const withPlace = {
      ...base,
      fields: [...base.fields, { key: 'place', label: text('地点', '地點', 'Place'), type: 'string' }],
    };
    const added = await ok(post('save', { template: withPlace }, configurator));
    expect(added.changes.map((c: { kind: string }) => c.kind)).toEqual(['add']);
    expect(await columns('t_demo')).toContain('place:text');
    const row = await ok(saveRow({ title: '例会', attendees: 3, costEach: 10, place: '三楼' }, writer));

    // Taking place away and making attendees a text: refused without confirm, nothing changed.
    const changed = {
      ...base,
      fields: base.fields.map((f) =>
        f.key === 'attendees' ? { key: 'attendees', label: f.label, type: 'string' } : f,
      ),
      formulas: { computed: { total: 'VALUE(attendees) * costEach' }, rules: base.formulas.rules },
    };
    const refused = await post('save', { template: changed }, configurator);
    expect(refused.body.state).toBe(6010101);
    expect((refused.body.cause as Array<{ field: string }>).map((c) => c.field).sort()).toEqual([
      'attendees',
      'place',
    ]);
    expect(await columns('t_demo')).toContain('place:text');
    expect((await ok(get('get?code=meetingMinutes', configurator))).version).toBe(2);

    const done = await ok(post('save', { template: changed, confirm: true }, configurator));
    expect(done.changes.map((c: { kind: string }) => c.kind).sort()).toEqual(['drop', 'retype']);
    const now = await columns('t_demo');
    expect(now).toEqual(
      expect.arrayContaining(['attendees:text', 'attendees__v2:integer', 'place__v2:text']),
    );
    expect(now).not.toContain('place:text');
    const kept = await sql<{ place: string; attendees: number }>`
      select "place__v2" as place, "attendees__v2" as attendees from t_demo."dt_meetingMinutes" where id = ${row.id}`.execute(
      db(t),
    );
    expect(kept.rows[0]).toEqual({ place: '三楼', attendees: 3 });
    const after = await ok(get(`row/get?template=meetingMinutes&id=${row.id}`, reader));
    expect(after).not.toHaveProperty('place');
    expect(after.attendees).toBeNull();
  });

  it('answers bad requests with 4xx envelopes, never 500', async () => {
    for (const [path, body] of [
      ['row/query', { parameters: [{ key: 'template', value: 'nope' }] }],
      ['row/query', { parameters: [{ key: 'template', value: 'Bad-Code' }] }],
      ['row/query', {}],
      ['row/save?template=meetingMinutes', { values: 'x' }],
      ['row/save?template=meetingMinutes', { id: 'missing', values: { title: 'x' } }],
      ['row/remove?template=meetingMinutes&ids=,,', {}],
      ['save', { template: { code: 'x', name: text('a', 'a', 'a'), fields: [] } }],
      ['save', { template: { ...meetingMinutes(), readRoles: ['noSuchRole'] } }],
    ] as const) {
      const r = await post(path, body, configurator);
      expect(r.status, path).toBeLessThan(500);
      expect(r.body.state, path).not.toBe(200);
    }
  });
});
