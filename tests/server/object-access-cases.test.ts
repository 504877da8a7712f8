/**
 * The authorization matrix's object dimension for filing cases, generated from the catalogue: every
 * operation that names a case or a part of one (caseId, partyId, documentId, marketId in its query) is
 * sent, with the ids of one real case, by callers who hold the operation's permission but have no right
 * to that case:
 *
 * - the administrator of an enterprise that takes no part in the case (every filing permission of its
 *   tenant; the review permissions are the authority's, so those answer 6010104 by kind);
 * - the delegated reviewer (review permissions without review:allCases) the case is not delegated to.
 *
 * Each must be refused (404: the case does not exist for them, or 6010104) and change no row of the
 * filing schema (a fingerprint of every row of every table before and after). The body is a plausible one
 * generated from the operation's request schema (fixed seed), tried until an answer is not a validation
 * refusal, so the object check is what answers. A control proves the ids are real: every read (GET) of
 * the case answers the filer who owns it and the lead with review:allCases with something else than a
 * refusal.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, type Operation } from '../../schemas/catalogue.ts';
import { demoTokens } from '../support/demo-sign-in.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { db } from './auth-support.ts';
import { plausible } from './bad-input-generated.suite.ts';
import { dbKindsOf } from './databases.ts';

/** The query parameters that name a case or a part of it. */
const CASE_PARAMS = ['caseId', 'partyId', 'documentId', 'marketId'] as const;
type CaseParam = (typeof CASE_PARAMS)[number];

const paramsOf = (op: Operation): CaseParam[] => {
  const props = (op.request?.query as { properties?: Record<string, unknown> } | undefined)?.properties ?? {};
  return CASE_PARAMS.filter((p) => p in props);
};

const operations = [...loadCatalogue().values()].filter((op) => paramsOf(op).length > 0);

/** Bodies tried per call before the answer counts as "validation first". */
const BODY_TRIES = 6;
const VALIDATION = 6010101;
const REFUSALS = new Set([404, 6010104]);

describe.each(dbKindsOf(import.meta.url))('case objects on %s, generated per operation', (kind) => {
  let t: TestServer;
  const tokenOf = demoTokens(() => t);
  let ids: Record<CaseParam, string>;

  beforeAll(async () => {
    t = await startTestServer(
      kind,
      { seedFilingDemo: true, rateLimitPerMinute: 0 },
      { filingWorkers: false },
    );
    const accountId = async (account: string) =>
      (
        await db(t)
          .selectFrom('platform.account')
          .select('id')
          .where('account', '=', account)
          .executeTakeFirstOrThrow()
      ).id;
    const tenantOf = async (account: string) =>
      (
        await db(t)
          .selectFrom('platform.tenant_member as at')
          .innerJoin('platform.account as a', 'a.id', 'at.account_id')
          .select('at.tenant_id')
          .where('a.account', '=', account)
          .executeTakeFirstOrThrow()
      ).tenant_id;
    const filerTenant = await tenantOf('zhangwei');
    const outsiderTenant = await tenantOf('malin');
    const delegated = await accountId('huangyong');
    // A submitted case of 张伟's enterprise, with a party, a document and a market, that 马琳's enterprise
    // takes no part in and that is not 黄勇's.
    const found = await sql<{ id: string; party: string; document: string; market: string }>`
      select c.id, p.id as party, d.id as document, m.id as market
        from filing."case" c
        join filing.membership own on own.case_id = c.id and own.tenant_id = ${filerTenant} and own.status = 'ACTIVE'
        join lateral (select id from filing.party where case_id = c.id order by sn limit 1) p on true
        join lateral (select id from filing.document where case_id = c.id order by id limit 1) d on true
        join lateral (select id from filing.market where case_id = c.id order by id limit 1) m on true
       where c.state <> 'DRAFT'
         and c.handler_account_id is distinct from ${delegated}
         and not exists (select 1 from filing.membership o where o.case_id = c.id and o.tenant_id = ${outsiderTenant})
       order by c.id
       limit 1`.execute(db(t));
    const row = found.rows[0];
    if (!row) throw new Error('the filing demo has no case to try');
    ids = { caseId: row.id, partyId: row.party, documentId: row.document, marketId: row.market };
  });
  afterAll(async () => t?.close());

  /** Every row of every table of the filing schema, as one digest per table. */
  async function fingerprint(): Promise<Map<string, string>> {
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
       where table_schema = 'filing' and table_type = 'BASE TABLE' order by 1`.execute(db(t));
    const statement = tables.rows
      .map(
        (r) =>
          `select '${r.name}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as d from filing."${r.name}" x`,
      )
      .join(' union all ');
    const rows = await sql.raw<{ t: string; d: string }>(statement).execute(db(t));
    return new Map(rows.rows.map((r) => [r.t, r.d]));
  }

  async function send(op: Operation, token: string, body: unknown): Promise<{ state: number }> {
    const query = new URLSearchParams(paramsOf(op).map((p) => [p, ids[p]])).toString();
    const res = await fetch(`${t.api}${op.path}?${query}`, {
      method: op.method,
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'zh-CN',
        ...(op.method === 'POST' ? { 'content-type': 'application/json' } : {}),
      },
      body: op.method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    });
    const text = await res.text();
    try {
      return JSON.parse(text) as { state: number };
    } catch {
      return { state: res.status }; // a file: the call was let through
    }
  }

  /** The answer to the call with a plausible body: the first that is not a validation refusal. */
  async function answer(op: Operation, token: string, seed: number): Promise<number> {
    const bodies =
      op.method === 'POST' && op.request?.body
        ? fc.sample(plausible(op.request.body), { seed, numRuns: BODY_TRIES })
        : [{}];
    let state = VALIDATION;
    for (const body of bodies) {
      state = (await send(op, token, body)).state;
      if (state !== VALIDATION) break;
    }
    return state;
  }

  it('refuses every operation on a case to callers without a right to it, changing nothing', async () => {
    const started = Date.now();
    const callers = { outsider: await tokenOf('malin'), delegated: await tokenOf('huangyong') };
    const problems: string[] = [];
    let calls = 0;
    const validationFirst: string[] = [];
    let before = await fingerprint();
    for (const [i, op] of operations.entries()) {
      for (const [who, token] of Object.entries(callers)) {
        const state = await answer(op, token, 2026 + i);
        calls += 1;
        if (state === VALIDATION) validationFirst.push(`${op.id} as ${who}`);
        else if (!REFUSALS.has(state)) problems.push(`${op.id} as ${who}: state ${state}, not refused`);
        const after = await fingerprint();
        for (const [table, digest] of after)
          if (before.get(table) !== digest) problems.push(`${op.id} as ${who}: filing.${table} changed`);
        before = after;
      }
    }
    // The control: the ids are real — the case's own filer and the lead reach every read of it.
    const reads = operations.filter((op) => op.method === 'GET');
    const owners = { filer: await tokenOf('zhangwei'), lead: await tokenOf('wangjun') };
    let reached = 0;
    for (const op of reads) {
      const token = op.permission.startsWith('review:') ? owners.lead : owners.filer;
      const state = (await send(op, token, undefined)).state;
      if (REFUSALS.has(state)) problems.push(`${op.id}: refused (${state}) to the case's own side`);
      else reached += 1;
    }
    console.log(
      `case objects on ${kind}: ${operations.length} operations × 2 callers = ${calls} refusals checked ` +
        `(${validationFirst.length} answered by validation first: ${validationFirst.join(', ')}), ` +
        `${reached} of ${reads.length} reads reached by the case's own side ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(problems).toEqual([]);
    expect(operations.length).toBeGreaterThan(30);
    expect(reached).toBe(reads.length);
  }, 300_000);
});
