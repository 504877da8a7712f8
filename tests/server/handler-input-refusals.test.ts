/**
 * Values the catalogue lets through as free strings but the handler or service needs from a closed set
 * (or needs at all) are refused with the translated bad-input error, never silently accepted: an unknown
 * worklist (it used to list every case), an unknown triage filter (it used to find nothing), and a new
 * subsystem without an alias (it used to fail in the database). An edit without an alias keeps its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKindsOf } from './databases.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { demoTokens } from '../support/demo-sign-in.ts';

describe.each(dbKindsOf(import.meta.url))('bad input refused on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  const tokenOf = demoTokens(() => t);
  const post = async (token: string, path: string, body: unknown) => call(t, 'POST', path, { token, body });

  beforeAll(async () => {
    t = await startTestServer(kind, { seedFilingDemo: true }, { filingWorkers: false });
    admin = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  it('refuses a worklist that is not one of the lists', async () => {
    const lead = await tokenOf('wangjun');
    const known = await post(lead, '/filing/worklist', { list: 'phaseI', size: 100 });
    expect(known.body.state).toBe(200);
    const bad = await post(lead, '/filing/worklist', { list: 'everything', size: 100 });
    expect(bad.body).toMatchObject({ state: 6010101, message: '工作清单的值无效', data: null });
  });

  it('refuses a comment triage filter that is no triage', async () => {
    const lead = await tokenOf('wangjun');
    for (const triage of [undefined, '', 'NEW', 'SPAM'])
      expect((await post(lead, '/filing/comment/list', { triage, size: 100 })).body.state, triage).toBe(200);
    const bad = await post(lead, '/filing/comment/list', { triage: 'ALL', size: 100 });
    expect(bad.body).toMatchObject({ state: 6010101, message: '处理结果的值无效', data: null });
  });

  it('needs an alias for a new subsystem; an edit without one keeps its alias', async () => {
    const missing = await post(admin, '/auth/sub/system/save', { name: `无别名${kind}` });
    expect(missing.body).toMatchObject({ state: 6010101, message: '该项为必填项', data: null });
    const made = await post(admin, '/auth/sub/system/save', {
      name: `有别名${kind}`,
      alias: `named_${kind}`,
    });
    expect(made.body.state).toBe(200);
    const id = made.body.data.id as string;
    const edited = await post(admin, '/auth/sub/system/save', { id, name: `改名${kind}` });
    expect(edited.body.data).toMatchObject({ id, name: `改名${kind}`, alias: `named_${kind}` });
  });
});
