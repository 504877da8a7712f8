/**
 * The seeded filing roles and the menu files (server/seed/filing-demo.ts): a role is granted every merger
 * menu entry and button whose permissions lie inside its bundle, so the demo filer sees 案件申报 › 我的申报
 * with its buttons, while the reviewer (whose bundle holds no filing:read) does not; the two helpers
 * (是否需要申报, 简易案件标准自测) read the lines their screens send and explain line by line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

interface MenuOut {
  alias: string;
  children: MenuOut[];
}
const flat = (nodes: MenuOut[]): string[] => nodes.flatMap((n) => [n.alias, ...flat(n.children)]);

describe.each(dbKindsOf(import.meta.url))('seeded filing roles and their menus (%s)', (kind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(kind, { seedFilingDemo: true }, { filingWorkers: false });
  });
  afterAll(async () => t?.close());

  const menuOf = async (account: string) => {
    const signedIn = await call(t, 'POST', '/authentication/apply', {
      body: {
        grant_type: 'password_credentials',
        username: account,
        password: t.server.seed.filing!.password,
      },
    });
    const token = signedIn.body.data.access_token as string;
    const res = await call(t, 'GET', '/auth/resources/getMenuData', { token });
    expect(res.body.state).toBe(200);
    return flat(res.body.data as MenuOut[]);
  };

  it('gives the filer role 我的申报 and the reviewer role none of the filer pages', async () => {
    // liuna holds only the seeded filer role (no tenant admin).
    expect(await menuOf('liuna')).toEqual(expect.arrayContaining(['filing', 'filingCaseList']));
    expect(await menuOf('lijing')).not.toContain('filingCaseList');
  });

  it('grants the filer role the page and every filer button, and no review button', async () => {
    const db = t.server.database.db;
    const tenant = await db
      .selectFrom('platform.tenant_member as m')
      .innerJoin('platform.account as a', 'a.id', 'm.account_id')
      .innerJoin('platform.tenant as tt', 'tt.id', 'm.tenant_id')
      .select('tt.schema_name')
      .where('a.account', '=', 'liuna')
      .executeTakeFirstOrThrow();
    const granted = await db
      .withSchema(tenant.schema_name)
      .selectFrom('role_resource as rr')
      .innerJoin('role as r', 'r.id', 'rr.role_id')
      .innerJoin('platform.resource as res', 'res.id', 'rr.resource_id')
      .select('res.alias')
      .where('r.alias', '=', 'filer')
      .execute();
    const aliases = granted.map((g) => g.alias).sort();
    expect(aliases).toEqual(
      expect.arrayContaining([
        'filingCaseList',
        'filing_filingEdit',
        'filing_filingSubmit',
        'filing_filingInvite',
        'filing_filingRead',
        'filing_filingHelper',
      ]),
    );
    expect(aliases.filter((a) => a.startsWith('filing_review'))).toEqual([]);
  });

  it('answers the helpers from their screens’ lines, explained line by line; bad lines are refused', async () => {
    const signedIn = await call(t, 'POST', '/authentication/apply', {
      body: {
        grant_type: 'password_credentials',
        username: 'liuna',
        password: t.server.seed.filing!.password,
      },
    });
    const token = signedIn.body.data.access_token as string;
    const must = await call(t, 'POST', '/filing/helper/thresholds', {
      token,
      body: { referenceYear: 2025, partiesText: '甲公司，150，45\n乙公司，20，9' },
    });
    expect(must.body.state, must.body.message).toBe(200);
    expect(must.body.data.mustFile).toBe(true);
    const lines = (must.body.data.explanation as string).split('\n');
    expect(lines.length).toBe(must.body.data.lines.length);
    expect(lines.some((l) => l.startsWith('✓'))).toBe(true);
    expect(must.body.data.explanation).toContain('甲公司');
    const small = await call(t, 'POST', '/filing/helper/thresholds', {
      token,
      body: { partiesText: '甲公司，10，2\n乙公司，3，1' },
    });
    expect(small.body.data.mustFile).toBe(false);
    const bad = await call(t, 'POST', '/filing/helper/thresholds', {
      token,
      body: { partiesText: '甲公司，很多' },
    });
    expect(bad.body.state).not.toBe(200);
    expect(bad.body.message).toContain('全球营业额');

    const simplified = await call(t, 'POST', '/filing/helper/simplified', {
      token,
      body: { marketsText: '显示面板（中国）；横向；甲:8，乙:4', claimed: [1] },
    });
    expect(simplified.body.state, simplified.body.message).toBe(200);
    expect(simplified.body.data.supported).toContain(1);
    expect(simplified.body.data.explanation).toContain('显示面板（中国）');
    const over = await call(t, 'POST', '/filing/helper/simplified', {
      token,
      body: { marketsText: '显示面板（中国）；横向；甲:12，乙:6', claimed: [1] },
    });
    expect(over.body.data.supported).not.toContain(1);
  });
});
