/**
 * Employee operations of a tenant's space: lists (all, by organisation, position, role, superior,
 * manager duty), one employee and the employee dialog's load, create and update (save.ts), status
 * changes and removal with the account's membership and sessions (membership.ts), and the links to
 * organisations, positions, superiors and manager duties.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { defineHandlers } from '../../http/handler.ts';
export { EMPLOYEE_LIST, employeeListColumns } from './lists.ts';
import { authOf, tenantSchemaOf } from '../../http/handler.ts';
import { applyFilters, applySortAndPage, pageOf, rowsAndTotal } from '../../http/list-query.ts';
import {
  compact,
  employeeStatusOf,
  genderOf,
  idList,
  invalid,
  notFound,
  requireIds,
  requireParam,
  spaceOf,
  takeParam,
  type Space,
} from '../people/common.ts';
import { dropPartyLinks } from '../people/party.ts';
import { employeeLoad, requireEmployee, requireEmployeeDetail } from './detail.ts';
import { assertMayChange, belongsElsewhere, joinTenant, leaveTenant } from './membership.ts';
import {
  EMPLOYEE_LIST,
  employeeList,
  employeeListColumns,
  employees,
  visibleColumns,
  orgMembers,
  positionHolders,
  roleHolders,
  ORG_KEYS,
  USER_KEYS,
  withOrg,
} from './lists.ts';
import { nameSearchPage } from './name-search.ts';
import { saveEmployee } from './save.ts';
import { userListHandlers } from './user-lists.ts';
import { DIRECTORY_COLUMNS, directoryRecord, isOwnRecord, seesPersonalData } from './scope.ts';

/** Ids of every superior above an employee (transitively), to refuse circular subordination. */
async function superiorsAbove(db: Db, schema: string, employeeId: string): Promise<Set<string>> {
  const rows = await sql<{ id: string }>`
    with recursive up(id) as (
      select superior_id from ${sql.id(schema, 'employee_superior')} where employee_id = ${employeeId}
      union
      select s.superior_id from ${sql.id(schema, 'employee_superior')} s join up on s.employee_id = up.id
    )
    select id from up`.execute(db);
  return new Set(rows.rows.map((r) => r.id));
}

/** Makes the main post exclusive again after posts were taken away: the first remaining becomes main. */
async function repairMainPosts(tx: Space, employeeIds: string[]): Promise<void> {
  for (const id of employeeIds) {
    const posts = await tx
      .selectFrom('employee_position as ep')
      .innerJoin('position as p', 'p.id', 'ep.position_id')
      .select(['ep.position_id', 'ep.is_main'])
      .where('ep.employee_id', '=', id)
      .orderBy('p.sn')
      .orderBy('p.name')
      .orderBy('p.id')
      .execute();
    if (posts.length && !posts.some((p) => p.is_main)) {
      await tx
        .updateTable('employee_position')
        .set({ is_main: true })
        .where('employee_id', '=', id)
        .where('position_id', '=', posts[0].position_id)
        .execute();
    }
  }
}

/** Re-points employee.org_id at the main membership (the first remaining one when the main one went). */
async function repairMainOrgs(tx: Space, employeeIds: string[]): Promise<void> {
  for (const id of employeeIds) {
    const orgs = await tx
      .selectFrom('employee_org as eo')
      .innerJoin('org as o', 'o.id', 'eo.org_id')
      .select(['eo.org_id', 'eo.is_main'])
      .where('eo.employee_id', '=', id)
      .orderBy('eo.is_main', 'desc')
      .orderBy('o.path')
      .execute();
    let main = orgs.find((o) => o.is_main)?.org_id ?? null;
    if (!main && orgs.length) {
      main = orgs[0].org_id;
      await tx
        .updateTable('employee_org')
        .set({ is_main: true })
        .where('employee_id', '=', id)
        .where('org_id', '=', main)
        .execute();
    }
    await tx.updateTable('employee').set({ org_id: main }).where('id', '=', id).execute();
  }
}

/**
 * A list row with its status and gender as the entity's enums; the directory's rows have neither
 * (scope.ts), so a missing one stays missing.
 */
function withEnums<R extends { status?: string; gender?: string }>(row: R) {
  return {
    ...row,
    status: row.status === undefined ? undefined : employeeStatusOf(row.status),
    gender: row.gender === undefined ? undefined : genderOf(row.gender),
  };
}

async function loadEmployees(space: Space, ids: string[]) {
  const rows = await space
    .selectFrom('employee')
    .select(['id', 'account_id', 'account', 'name', 'status', 'is_admin'])
    .where('id', 'in', ids)
    .execute();
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw notFound('employee', missing);
  return rows;
}

/** Sets the status of employees; the membership and sessions follow (membership.ts). */
async function setStatus(ctx: HandlerContext<{ ids: string }>, status: 'actived' | 'disabled') {
  const auth = authOf(ctx);
  const schema = tenantSchemaOf(ctx);
  const ids = idList(ctx.query.ids);
  const rows = await loadEmployees(spaceOf(ctx), ids);
  await assertMayChange(
    ctx.db,
    auth,
    ctx.lang,
    rows,
    status === 'disabled' ? { lockout: 'people.employee.selfLockout' } : {},
  );
  await ctx.db.transaction().execute(async (db) => {
    const tx = db.withSchema(schema);
    await tx.updateTable('employee').set({ status, updated_at: new Date() }).where('id', 'in', ids).execute();
    for (const r of rows) {
      if (!r.account_id) continue;
      if (status === 'actived') await joinTenant(db, auth.tenantId!, r.account_id, r.is_admin);
      else await leaveTenant(db, auth.tenantId!, r.account_id, 'employee-disabled');
    }
  });
  return null;
}

export const employeeHandlers = defineHandlers({
  ...userListHandlers,

  'employee.query': async (ctx) => {
    const req = ctx.body;
    const columns = await visibleColumns(ctx, req);
    const byBigram = await nameSearchPage(ctx.db, tenantSchemaOf(ctx), req, columns);
    if (byBigram) {
      const { rows, total, page, limit } = byBigram;
      return pageOf(rows.map(withEnums), total, page, limit);
    }
    const db = ctx.db.withSchema(tenantSchemaOf(ctx));
    const base = applyFilters(db.selectFrom('employee as e'), EMPLOYEE_LIST, req);
    const { query, page, limit } = applySortAndPage(
      base
        .leftJoin('org as o', 'o.id', 'e.org_id')
        .select([...columns] as unknown as typeof employeeListColumns),
      EMPLOYEE_LIST,
      req,
    );
    const [rows, total] = await rowsAndTotal(query, base, req, ctx.db);
    return pageOf(rows.map(withEnums), total, page, limit);
  },

  'employee.get': async (ctx) => {
    const record = await requireEmployeeDetail(spaceOf(ctx), ctx.query.employeeId);
    return isOwnRecord(ctx, record) || (await seesPersonalData(ctx)) ? record : directoryRecord(record);
  },

  /** The dialog's load; without employee:read (and not one's own): the directory record and its posts. */
  'employee.load': async (ctx) => {
    const loaded = await employeeLoad(ctx.db, spaceOf(ctx), ctx.query.employeeId);
    if (isOwnRecord(ctx, loaded.data) || (await seesPersonalData(ctx))) return loaded;
    return {
      data: { ...directoryRecord(loaded.data), posItemList: loaded.data.posItemList },
      partyOrg: loaded.partyOrg,
      partyAttrs: [],
      partyPositions: loaded.partyPositions,
      partyRoles: [],
      partyGroups: [],
    };
  },

  'employee.create': (ctx) => saveEmployee(ctx, 'create'),
  'employee.update': (ctx) => saveEmployee(ctx, 'update'),

  /**
   * Removes employees with their links. Each account leaves the tenant and loses its sessions here; an
   * account that belongs to no other tenant (no membership, no employee record there) and is not the super
   * user is deleted, so its name can be used again. A shared account only loses this membership.
   */
  'employee.remove': async (ctx) => {
    const auth = authOf(ctx);
    const schema = tenantSchemaOf(ctx);
    const ids = idList(ctx.query.ids);
    const rows = await loadEmployees(spaceOf(ctx), ids);
    await assertMayChange(ctx.db, auth, ctx.lang, rows, { lockout: 'people.employee.selfRemove' });
    await ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(schema);
      await dropPartyLinks(tx, 'employee', ids);
      await tx.deleteFrom('employee').where('id', 'in', ids).execute();
      for (const r of rows) {
        if (!r.account_id) continue;
        await leaveTenant(db, auth.tenantId!, r.account_id, 'employee-removed');
        if (!(await belongsElsewhere(db, r.account_id, auth.tenantId!))) {
          await db
            .deleteFrom('platform.account')
            .where('id', '=', r.account_id)
            .where('is_super', '=', false)
            .execute();
        }
      }
    });
    return null;
  },

  'employee.active': (ctx) => setStatus(ctx, 'actived'),
  'employee.disable': (ctx) => setStatus(ctx, 'disabled'),

  'employee.transfer': async (ctx) => {
    const ids = idList(ctx.query.ids);
    const columns = (await seesPersonalData(ctx)) ? employeeListColumns : DIRECTORY_COLUMNS;
    const rows = await withOrg(employees(spaceOf(ctx)))
      .select([...columns])
      .where('e.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, compact(withEnums(r))]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  },

  /** Employees with their main organisation; ORG_ID narrows to that organisation and those below it. */
  'employee.queryWithOrg': async (ctx) => {
    const { value: orgId, rest } = takeParam(ctx.body, ORG_KEYS);
    if (orgId === undefined) return employeeList(ctx, rest);
    const org = await spaceOf(ctx)
      .selectFrom('org')
      .select('path')
      .where('id', '=', orgId)
      .executeTakeFirst();
    if (!org) return pageOf([], 0, 1, rest.requestPage?.limit ?? 20);
    return employeeList(ctx, rest, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('employee_org as eo')
            .innerJoin('org as mo', 'mo.id', 'eo.org_id')
            .select(sql.lit(1).as('one'))
            .whereRef('eo.employee_id', '=', 'e.id')
            .where((w) => w.or([w('mo.path', '=', org.path), w('mo.path', 'like', `${org.path}.%`)])),
        ),
      ),
    );
  },

  'employee.queryOrgUser': async (ctx) => orgMembers(ctx),

  /** Employees who belong to no organisation. */
  'employee.queryWoutOrg': async (ctx) =>
    employeeList(ctx, ctx.body, (q) =>
      q
        .where('e.org_id', 'is', null)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('employee_org as eo')
                .select(sql.lit(1).as('one'))
                .whereRef('eo.employee_id', '=', 'e.id'),
            ),
          ),
        ),
    ),

  /** Subordinates of USER_ID. */
  'employee.queryUnder': async (ctx) => {
    const { value: userId, rest } = requireParam(ctx.body, USER_KEYS, ctx.lang);
    return employeeList(ctx, rest, (q) =>
      q.innerJoin('employee_superior as s', (j) =>
        j.onRef('s.employee_id', '=', 'e.id').on('s.superior_id', '=', userId),
      ),
    );
  },

  /** Superiors of USER_ID. */
  'employee.querySuperior': async (ctx) => {
    const { value: userId, rest } = requireParam(ctx.body, USER_KEYS, ctx.lang);
    return employeeList(ctx, rest, (q) =>
      q.innerJoin('employee_superior as s', (j) =>
        j.onRef('s.superior_id', '=', 'e.id').on('s.employee_id', '=', userId),
      ),
    );
  },

  /** Makes employees subordinates of a superior; refused for the superior themself and for circles. */
  'employee.addUnder': async (ctx) => {
    const { superiorId, userIds } = ctx.query;
    const ids = idList(userIds, 'userIds');
    const schema = tenantSchemaOf(ctx);
    const space = spaceOf(ctx);
    await requireEmployee(space, superiorId);
    await requireIds(space, 'employee', ids);
    if (ids.includes(superiorId)) throw invalid(ctx.lang, 'people.employee.ownSuperior', {}, 'userIds');
    await ctx.db.transaction().execute(async (db) => {
      await sql`lock table ${sql.id(schema, 'employee_superior')} in share row exclusive mode`.execute(db);
      const above = await superiorsAbove(db, schema, superiorId);
      if (ids.some((id) => above.has(id)))
        throw invalid(ctx.lang, 'people.employee.superiorCircle', {}, 'userIds');
      await db
        .withSchema(schema)
        .insertInto('employee_superior')
        .values(ids.map((employee_id) => ({ employee_id, superior_id: superiorId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
    return null;
  },

  'employee.removeUnder': async (ctx) => {
    const { superiorId, userIds } = ctx.query;
    const ids = idList(userIds, 'userIds');
    const space = spaceOf(ctx);
    await requireEmployee(space, superiorId);
    await space
      .deleteFrom('employee_superior')
      .where('superior_id', '=', superiorId)
      .where('employee_id', 'in', ids)
      .execute();
    return null;
  },

  'employee.queryOrgManager': async (ctx) => {
    const { value: orgId, rest } = requireParam(ctx.body, ORG_KEYS, ctx.lang);
    return employeeList(ctx, rest, (q) =>
      q.innerJoin('org_manager as m', (j) =>
        j.onRef('m.employee_id', '=', 'e.id').on('m.org_id', '=', orgId),
      ),
    );
  },

  'employee.addOrgManager': async (ctx) => {
    const { orgId, userIds } = ctx.query;
    const ids = idList(userIds, 'userIds');
    const space = spaceOf(ctx);
    await requireIds(space, 'org', [orgId]);
    await requireIds(space, 'employee', ids);
    await space
      .insertInto('org_manager')
      .values(ids.map((employee_id) => ({ org_id: orgId, employee_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    return null;
  },

  'employee.removeOrgManager': async (ctx) => {
    const { orgId, userIds } = ctx.query;
    const ids = idList(userIds, 'userIds');
    const space = spaceOf(ctx);
    await requireIds(space, 'org', [orgId]);
    await space
      .deleteFrom('org_manager')
      .where('org_id', '=', orgId)
      .where('employee_id', 'in', ids)
      .execute();
    return null;
  },

  /** Makes employees members of an organisation; it becomes the main one of those who had none. */
  'employee.addOrgUser': async (ctx) => {
    const { orgId, userIds } = ctx.query;
    const ids = idList(userIds, 'userIds');
    const space = spaceOf(ctx);
    await requireIds(space, 'org', [orgId]);
    await requireIds(space, 'employee', ids);
    await ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(tenantSchemaOf(ctx));
      await tx
        .insertInto('employee_org')
        .values(ids.map((employee_id) => ({ employee_id, org_id: orgId, is_main: false })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      await repairMainOrgs(tx, ids);
    });
    return null;
  },

  /** Takes employees out of an organisation; another membership becomes main where it was the main one. */
  'employee.removeOrgUser': async (ctx) => {
    const { orgId, userIds } = ctx.query;
    const ids = idList(userIds, 'userIds');
    const space = spaceOf(ctx);
    await requireIds(space, 'org', [orgId]);
    await ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(tenantSchemaOf(ctx));
      await tx
        .deleteFrom('employee_org')
        .where('org_id', '=', orgId)
        .where('employee_id', 'in', ids)
        .execute();
      await tx
        .updateTable('employee')
        .set({ org_id: null })
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .execute();
      await repairMainOrgs(tx, ids);
    });
    return null;
  },

  /** Places employees in a post; it becomes the main post of those who held none. */
  'employee.addPositionUser': async (ctx) => {
    const { positionId, userIds } = ctx.query;
    const ids = idList(userIds, 'userIds');
    const space = spaceOf(ctx);
    await requireIds(space, 'position', [positionId]);
    await requireIds(space, 'employee', ids);
    await ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(tenantSchemaOf(ctx));
      await tx
        .insertInto('employee_position')
        .values(
          ids.map((employee_id) => ({
            employee_id,
            position_id: positionId,
            is_main: false,
            is_principal: false,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
      await repairMainPosts(tx, ids);
    });
    return null;
  },

  /** Takes employees out of a post; the first remaining post becomes main where this was the main one. */
  'employee.removePositionUser': async (ctx) => {
    const { positionId, userIds } = ctx.query;
    const ids = idList(userIds, 'userIds');
    const space = spaceOf(ctx);
    await requireIds(space, 'position', [positionId]);
    await ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(tenantSchemaOf(ctx));
      await tx
        .deleteFrom('employee_position')
        .where('position_id', '=', positionId)
        .where('employee_id', 'in', ids)
        .execute();
      await repairMainPosts(tx, ids);
    });
    return null;
  },

  'employee.queryByRoleId': async (ctx) => roleHolders(ctx),

  /** Employees with their organisation; POS_ID narrows to the holders of that post (with their flags). */
  'employee.queryWithOrg4Position': async (ctx) => positionHolders(ctx, false),
});
