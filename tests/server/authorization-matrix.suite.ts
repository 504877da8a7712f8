/**
 * The authorization matrix, generated from the catalogue: every operation × every actor, with the expected
 * answer derived from the operation's access and permission (schemas/api/README.md 'Permissions'):
 *
 * | actor                         | allowed when                                                          | else          |
 * | ----------------------------- | --------------------------------------------------------------------- | ------------- |
 * | anonymous                     | public                                                                | 6020201       |
 * | ordinary member (no role)     | public, user, or tenant with `member`                                 | 6010104/6106 |
 * | holder of the granting role   | as a member, or the permission its role grants, if it counts in the   | 6010104/6106 |
 * |                               | tenant's kind (demo: an enterprise)                                   |               |
 * | holder of another role        | as a member (its role grants another permission)                      | 6010104/6106 |
 * | tenant admin (enterprise)     | anything but super, within what an enterprise may hold (`kinds:`)     | 6010104/6106 |
 * | authority holder / admin      | the same in an authority tenant (review:*, calendar, clues, news …)   | 6010104/6106 |
 * | admin acting as the holder    | as the holder, but never a `personal` operation (whistleblower data)  | 6010104       |
 * | admin of another tenant       | public (it names tenant A in X-Tenant-Id while its session is in B)   | 6010105       |
 * | super user                    | everything                                                            | —             |
 *
 * A role holder is an account of the demo tenant holding one role that grants one menu resource carrying
 * the permission (the built-in menu of schemas/menus). Each refusal must carry the expected state and
 * change no row of any table (the row counts of every platform and tenant table before and after). An
 * allowed call must not be refused by the check (whatever its handler then says about the empty request).
 * The size and duration are printed.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue, type Operation } from '../../schemas/catalogue.ts';
import { issueSession, issueSessionInFamily } from '../../server/auth/session.ts';
import { permissionVocabulary } from '../../server/auth/permissions.ts';
import { startTestServer, type DbKind, type TestServer } from '../support/server.ts';
import { db, demoTenantId, makeAccount, makeTenant, grantRole } from './auth-support.ts';
import { DB_KINDS } from './databases.ts';
import type { TenantKind } from '../../schemas/catalogue-types.ts';

type ActorKind =
  | 'anonymous'
  | 'member'
  | 'holder'
  | 'otherHolder'
  | 'tenantAdmin'
  | 'authorityHolder'
  | 'authorityAdmin'
  | 'acting'
  | 'otherTenantAdmin'
  | 'super';
const ACTORS: ActorKind[] = [
  'anonymous',
  'member',
  'holder',
  'otherHolder',
  'tenantAdmin',
  'authorityHolder',
  'authorityAdmin',
  'acting',
  'otherTenantAdmin',
  'super',
];

/** The kind of tenant each tenant actor's session is in. */
const KIND_OF: Partial<Record<ActorKind, TenantKind>> = {
  member: 'enterprise',
  holder: 'enterprise',
  otherHolder: 'enterprise',
  tenantAdmin: 'enterprise',
  acting: 'enterprise',
  authorityHolder: 'authority',
  authorityAdmin: 'authority',
};

/** Whether a declared permission counts in a tenant of `kind` (its `kinds:`, absent: every kind). */
function countsIn(permission: string, kind: TenantKind): boolean {
  const def = permissionVocabulary().get(permission);
  return !def?.kinds || def.kinds.includes(kind);
}

const RESERVED = new Set(['public', 'user', 'member']);
/** Refusals sent between two counts of every table's rows. */
const REFUSAL_BATCH = 40;

/** The expected refusal code, or null when the check lets the call through. */
function expectedDenial(op: Operation, actor: ActorKind, holds: string | null): number | null {
  if (op.access === 'public') return null;
  switch (actor) {
    case 'anonymous':
      return 6020201;
    case 'super':
      return null;
    case 'otherTenantAdmin':
      return 6010105;
    case 'acting':
      if (op.personal) return 6010104;
      return expectedDenial(op, 'holder', holds);
    case 'tenantAdmin':
    case 'authorityAdmin':
      if (op.access === 'super') return 6010106;
      if (RESERVED.has(op.permission)) return null;
      return countsIn(op.permission, KIND_OF[actor]!) ? null : 6010104;
    default:
      if (op.access === 'super') return 6010106;
      if (RESERVED.has(op.permission)) return null;
      return holds === op.permission && countsIn(op.permission, KIND_OF[actor]!) ? null : 6010104;
  }
}

export function describeAuthorizationMatrix(kind: DbKind): void {
  describe.skipIf(!DB_KINDS.includes(kind))(`authorization matrix on ${kind}`, () => {
    let t: TestServer;
    let demo: string;
    let other: string;
    let authority: string;
    let systemId: string;
    const operations = [...loadCatalogue().values()];
    const tenantPermissions = [...permissionVocabulary()]
      .filter(([, def]) => def.scope === 'tenant')
      .map(([name]) => name)
      .sort();
    /** account id of each actor; holders by permission. */
    const accounts: Record<string, string> = {};
    let countAll: () => Promise<Map<string, number>>;

    beforeAll(async () => {
      t = await startTestServer(kind, { rateLimitPerMinute: 0 });
      demo = await demoTenantId(t);
      other = await makeTenant(t, `mx_${kind}`);
      systemId = (
        await db(t)
          .selectFrom('platform.subsystem')
          .select('id')
          .where('alias', '=', 'merger')
          .executeTakeFirstOrThrow()
      ).id;
      accounts.member = (await makeAccount(t, { account: `mx_member_${kind}`, tenantId: demo })).id;
      accounts.tenantAdmin = (
        await makeAccount(t, { account: `mx_admin_${kind}`, tenantId: demo, admin: true })
      ).id;
      accounts.otherTenantAdmin = (
        await makeAccount(t, { account: `mx_other_${kind}`, tenantId: other, admin: true })
      ).id;
      accounts.super = (
        await db(t)
          .selectFrom('platform.account')
          .select('id')
          .where('account', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id;

      // One role per tenant permission, granting the first menu resource that carries it; one holder each,
      // in the demo tenant (an enterprise) and in an authority tenant.
      const resources = await db(t)
        .selectFrom('platform.resource')
        .select(['id', 'alias', 'permissions'])
        .where('system_id', '=', systemId)
        .orderBy('alias')
        .execute();
      const makeHolders = async (tenantId: string, schema: string, prefix: string) => {
        for (const permission of tenantPermissions) {
          const resource = resources.find((r) => r.permissions.includes(permission));
          if (!resource) throw new Error(`no menu resource carries ${permission}`);
          const holder = await makeAccount(t, {
            account: `${prefix}_${permission.replace(':', '_')}_${kind}`,
            tenantId,
          });
          accounts[`${prefix}:${permission}`] = holder.id;
          await grantRole(t, schema, {
            systemId,
            name: permission,
            alias: `${prefix}_${permission.replace(':', '_')}`,
            resourceIds: [resource.id],
            accountIds: [holder.id],
          });
        }
      };
      authority = await makeTenant(t, `ax_${kind}`);
      await db(t)
        .updateTable('platform.tenant')
        .set({ kind: 'authority' })
        .where('id', '=', authority)
        .execute();
      accounts.authorityAdmin = (
        await makeAccount(t, { account: `ax_admin_${kind}`, tenantId: authority, admin: true })
      ).id;
      accounts.authorityMember = (
        await makeAccount(t, { account: `ax_member_${kind}`, tenantId: authority })
      ).id;
      await makeHolders(demo, 't_demo', 'mx');
      await makeHolders(authority, `t_ax_${kind}`, 'ax');

      // Every table of the platform, the filing schema and the three tenant spaces, counted in one statement.
      const tables = await sql<{ schema: string; name: string }>`
      select table_schema as schema, table_name as name from information_schema.tables
       where table_schema in ('platform', 'filing', 't_demo', ${`t_mx_${kind}`}, ${`t_ax_${kind}`})
         and table_type = 'BASE TABLE'
       order by 1, 2`.execute(db(t));
      const statement = tables.rows
        .map((r) => `select '${r.schema}.${r.name}' as t, count(*)::int as n from "${r.schema}"."${r.name}"`)
        .join(' union all ');
      countAll = async () => {
        const rows = await sql.raw<{ t: string; n: number }>(statement).execute(db(t));
        return new Map(rows.rows.map((r) => [r.t, Number(r.n)]));
      };
    });
    afterAll(async () => t?.close());

    /** The permission the actor's role grants, for an operation. */
    function heldBy(actor: ActorKind, op: Operation): string | null {
      const tenantScoped = tenantPermissions.includes(op.permission);
      if (actor === 'holder' || actor === 'authorityHolder' || actor === 'acting')
        return tenantScoped ? op.permission : null;
      if (actor === 'otherHolder') {
        if (!tenantScoped) return null;
        const i = tenantPermissions.indexOf(op.permission);
        return tenantPermissions[(i + 1) % tenantPermissions.length];
      }
      return null;
    }

    async function tokenFor(actor: ActorKind, holds: string | null): Promise<string | null> {
      if (actor === 'anonymous') return null;
      const holder = (prefix: string, member: string) => accounts[holds ? `${prefix}:${holds}` : member];
      switch (actor) {
        case 'holder':
        case 'otherHolder':
          return (await issueSession(db(t), holder('mx', 'member'), 600, { tenantId: demo, systemId }))
            .access_token;
        case 'authorityHolder':
          return (
            await issueSession(db(t), holder('ax', 'authorityMember'), 600, { tenantId: authority, systemId })
          ).access_token;
        case 'authorityAdmin':
          return (await issueSession(db(t), accounts.authorityAdmin, 600, { tenantId: authority, systemId }))
            .access_token;
        case 'acting': {
          // The demo tenant's administrator acting as the holder (the session authentication.switch opens).
          const own = await issueSessionInFamily(db(t), accounts.tenantAdmin, 600, {
            tenantId: demo,
            systemId,
          });
          return (
            await issueSession(db(t), holder('mx', 'member'), 600, {
              tenantId: demo,
              systemId,
              actingBy: accounts.tenantAdmin,
              originFamilyId: own.familyId,
              actingUntil: new Date(Date.now() + 600_000),
            })
          ).access_token;
        }
        default:
          return (
            await issueSession(db(t), accounts[actor], 600, {
              tenantId: actor === 'otherTenantAdmin' ? other : demo,
              systemId,
            })
          ).access_token;
      }
    }

    async function send(op: Operation, actor: ActorKind, token: string | null) {
      const headers: Record<string, string> = { 'accept-language': 'zh-CN' };
      if (token) headers.authorization = `Bearer ${token}`;
      if (actor === 'otherTenantAdmin') headers['x-tenant-id'] = demo;
      let body: string | undefined;
      if (op.method === 'POST') {
        headers['content-type'] = 'application/json';
        body = '{}';
      }
      const res = await fetch(`${t.api}${op.path}`, { method: op.method, headers, body });
      // An event stream that opened was let through; it never ends by itself, so stop reading.
      if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
        await res.body?.cancel();
        return { state: res.status, cause: null };
      }
      const text = await res.text();
      try {
        return JSON.parse(text) as { state: number; cause: { reason?: string; permission?: string } | null };
      } catch {
        return { state: res.status, cause: null };
      }
    }

    it('refuses and allows every operation for every actor as the catalogue says, changing nothing when it refuses', async () => {
      const started = Date.now();
      const cells = operations.flatMap((op) =>
        ACTORS.map((actor) => ({ op, actor, holds: heldBy(actor, op) })),
      );
      const denials = cells.filter((c) => expectedDenial(c.op, c.actor, c.holds) !== null);
      const allowed = cells.filter((c) => expectedDenial(c.op, c.actor, c.holds) === null);
      const problems: string[] = [];

      // Refusals first, with tokens issued up front: a refusal writes nothing, so the counts carry over.
      const tokens = new Map<string, string | null>();
      for (const c of denials) {
        const key = `${c.actor}|${c.holds}`;
        if (!tokens.has(key)) tokens.set(key, await tokenFor(c.actor, c.holds));
      }
      // Rows are counted after every batch of refusals (counting every table takes ~0.2 s on PostgreSQL):
      // a refusal writes nothing, so any change fails the test; its batch is then sent again one call at a
      // time to name the call that wrote.
      const changes = (a: Map<string, number>, b: Map<string, number>) =>
        [...b]
          .filter(([table, n]) => a.get(table) !== n)
          .map(([table, n]) => `${table} ${a.get(table)} → ${n}`);
      const refuse = async (c: (typeof denials)[number]) => {
        const answer = await send(c.op, c.actor, tokens.get(`${c.actor}|${c.holds}`)!);
        const want = expectedDenial(c.op, c.actor, c.holds)!;
        if (answer.state !== want)
          problems.push(`${c.op.id} as ${c.actor}: state ${answer.state}, expected ${want}`);
      };
      let before = await countAll();
      for (let i = 0; i < denials.length; i += REFUSAL_BATCH) {
        const batch = denials.slice(i, i + REFUSAL_BATCH);
        for (const c of batch) await refuse(c);
        const after = await countAll();
        if (changes(before, after).length === 0) {
          before = after;
          continue;
        }
        problems.push(`a refusal among ${batch.map((c) => `${c.op.id} as ${c.actor}`).join(', ')} wrote`);
        before = after;
        for (const c of batch) {
          await refuse(c);
          const next = await countAll();
          for (const change of changes(before, next)) problems.push(`${c.op.id} as ${c.actor}: ${change}`);
          before = next;
        }
      }

      // Allowed: the check lets each through (a fresh session each, since some calls end theirs).
      for (const c of allowed) {
        const answer = await send(c.op, c.actor, await tokenFor(c.actor, c.holds));
        const refusedByCheck =
          answer.state === 6010106 ||
          (c.op.access !== 'public' && (answer.state === 6020201 || answer.state === 6010105)) ||
          (answer.state === 6010104 &&
            answer.cause?.reason === 'permission' &&
            answer.cause.permission === c.op.permission);
        if (refusedByCheck)
          problems.push(`${c.op.id} as ${c.actor}: refused (${answer.state}) but allowed by the catalogue`);
      }

      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `authorization matrix on ${kind}: ${operations.length} operations × ${ACTORS.length} actors = ${cells.length} calls ` +
          `(${denials.length} refused, ${allowed.length} allowed) in ${seconds} s`,
      );
      expect(problems).toEqual([]);
      expect(denials.length).toBeGreaterThan(operations.length);
    }, 600_000);
  });
}
