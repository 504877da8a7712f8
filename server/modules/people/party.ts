/**
 * Party lookups shared by the people areas: role grants of employees, organisations and positions
 * (with the own/other source of an employee's roles, spec §6), subsystem names, and the organisations
 * an employee belongs to (employee_org, whose main row mirrors employee.org_id).
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/tables.ts';
import type { Space } from './common.ts';

export type PartyType = 'employee' | 'org' | 'position';

export interface RoleEntry {
  id: string;
  name: string;
  alias: string;
  subSystemId: string | null;
  subSystemName: string | null;
  /** own: granted directly; other: inherited from an organisation or position; own,other: both. */
  source: 'own' | 'other' | 'own,other';
  canDelete: boolean;
  type: 'role';
}

/** Subsystem id → name (names are translation keys as stored, like the menu's). */
export async function subsystemNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('platform.subsystem').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function grantRoles(
  tx: Space,
  partyType: PartyType,
  partyId: string,
  roleIds: string[],
): Promise<void> {
  if (roleIds.length === 0) return;
  await tx
    .insertInto('role_grant')
    .values(roleIds.map((role_id) => ({ role_id, party_type: partyType, party_id: partyId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function revokeRoles(
  tx: Space,
  partyType: PartyType,
  partyId: string,
  roleIds: string[],
): Promise<void> {
  if (roleIds.length === 0) return;
  await tx
    .deleteFrom('role_grant')
    .where('party_type', '=', partyType)
    .where('party_id', '=', partyId)
    .where('role_id', 'in', roleIds)
    .execute();
}

/** Makes `roleIds` the party's direct grants. */
export async function replaceRoles(
  tx: Space,
  partyType: PartyType,
  partyId: string,
  roleIds: string[],
): Promise<void> {
  await tx
    .deleteFrom('role_grant')
    .where('party_type', '=', partyType)
    .where('party_id', '=', partyId)
    .execute();
  await grantRoles(tx, partyType, partyId, roleIds);
}

/** Everything else that points at a party without a foreign key: its grants and attribute values. */
export async function dropPartyLinks(tx: Space, partyType: PartyType, partyIds: string[]): Promise<void> {
  if (partyIds.length === 0) return;
  await tx
    .deleteFrom('role_grant')
    .where('party_type', '=', partyType)
    .where('party_id', 'in', partyIds)
    .execute();
  await tx
    .deleteFrom('attr_value')
    .where('party_id', 'in', partyIds)
    .where('attr_id', 'in', (eb) =>
      eb.selectFrom('attr_def').select('id').where('party_type', '=', partyType),
    )
    .execute();
}

/** The roles granted directly to an organisation or a position (all of source own). */
export async function partyRoleEntries(
  db: Db,
  space: Space,
  partyType: PartyType,
  partyId: string,
): Promise<RoleEntry[]> {
  const [rows, systems] = await Promise.all([
    space
      .selectFrom('role_grant as g')
      .innerJoin('role as r', 'r.id', 'g.role_id')
      .select(['r.id', 'r.name', 'r.alias', 'r.system_id'])
      .where('g.party_type', '=', partyType)
      .where('g.party_id', '=', partyId)
      .orderBy('r.name')
      .orderBy('r.id')
      .execute(),
    subsystemNames(db),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    alias: r.alias,
    subSystemId: r.system_id,
    subSystemName: r.system_id ? (systems.get(r.system_id) ?? null) : null,
    source: 'own',
    canDelete: true,
    type: 'role',
  }));
}

export type EmployeeScope = ExpressionBuilder<Database & { e: Database['employee'] }, 'e'>;

/**
 * An employee's roles: own (granted directly) and other (inherited from an organisation they belong
 * to or a position they hold); only entries with an own grant can be deleted (spec §6).
 */
export async function employeeRoleEntries(db: Db, space: Space, employeeId: string): Promise<RoleEntry[]> {
  const [rows, systems] = await Promise.all([
    space
      .selectFrom('role_grant as g')
      .innerJoin('role as r', 'r.id', 'g.role_id')
      .select([
        'r.id',
        'r.name',
        'r.alias',
        'r.system_id',
        sql<boolean>`bool_or(g.party_type = 'employee')`.as('own'),
        sql<boolean>`bool_or(g.party_type <> 'employee')`.as('other'),
      ])
      .where((eb) =>
        eb.or([
          eb.and([eb('g.party_type', '=', 'employee'), eb('g.party_id', '=', employeeId)]),
          eb.and([
            eb('g.party_type', '=', 'org'),
            eb(
              'g.party_id',
              'in',
              eb
                .selectFrom('employee_org as eo')
                .select('eo.org_id')
                .where('eo.employee_id', '=', employeeId),
            ),
          ]),
          eb.and([
            eb('g.party_type', '=', 'position'),
            eb(
              'g.party_id',
              'in',
              eb
                .selectFrom('employee_position as ep')
                .select('ep.position_id')
                .where('ep.employee_id', '=', employeeId),
            ),
          ]),
        ]),
      )
      .groupBy(['r.id', 'r.name', 'r.alias', 'r.system_id'])
      .orderBy('r.name')
      .orderBy('r.id')
      .execute(),
    subsystemNames(db),
  ]);
  return rows.map((r) => {
    const source = r.own && r.other ? 'own,other' : r.own ? 'own' : 'other';
    return {
      id: r.id,
      name: r.name,
      alias: r.alias,
      subSystemId: r.system_id,
      subSystemName: r.system_id ? (systems.get(r.system_id) ?? null) : null,
      source,
      canDelete: r.own,
      type: 'role',
    };
  });
}

/**
 * SQL conditions on an employee row `e` for holding a role: directly, or inherited through an
 * organisation membership or a position. Used by the role member lists.
 */
export function holdsRoleDirectly(eb: EmployeeScope, roleId: string) {
  return eb.exists(
    eb
      .selectFrom('role_grant as g')
      .select(sql.lit(1).as('one'))
      .where('g.role_id', '=', roleId)
      .where('g.party_type', '=', 'employee')
      .whereRef('g.party_id', '=', 'e.id'),
  );
}

export function inheritsRole(eb: EmployeeScope, roleId: string) {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('role_grant as g')
        .innerJoin('employee_org as eo', 'eo.org_id', 'g.party_id')
        .select(sql.lit(1).as('one'))
        .where('g.role_id', '=', roleId)
        .where('g.party_type', '=', 'org')
        .whereRef('eo.employee_id', '=', 'e.id'),
    ),
    eb.exists(
      eb
        .selectFrom('role_grant as g')
        .innerJoin('employee_position as ep', 'ep.position_id', 'g.party_id')
        .select(sql.lit(1).as('one'))
        .where('g.role_id', '=', roleId)
        .where('g.party_type', '=', 'position')
        .whereRef('ep.employee_id', '=', 'e.id'),
    ),
  ]);
}
