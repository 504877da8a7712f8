/**
 * One employee as the employee form and dialog show it: the basic info (with mobile, the admin flags and
 * the main organisation) and, for employee/load, the organisations, attributes, positions, roles and
 * user groups of the dialog's tabs.
 */
import type { Db } from '../../db/database.ts';
import { defsWithValues } from '../attributes/handlers.ts';
import { orgOut } from '../orgs/handlers.ts';
import {
  compact,
  employeeStatusOf,
  formatDateTime,
  genderOf,
  notFound,
  yesNo,
  type Space,
} from '../people/common.ts';
import { employeeRoleEntries } from '../people/party.ts';

export type EmployeeRecord = {
  id: string;
  account_id: string | null;
  account: string;
  name: string;
  status: string;
  is_admin: boolean;
};

export async function findEmployee(space: Space, id: string): Promise<EmployeeRecord | undefined> {
  return space
    .selectFrom('employee')
    .select(['id', 'account_id', 'account', 'name', 'status', 'is_admin'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function requireEmployee(space: Space, id: string): Promise<EmployeeRecord> {
  const row = await findEmployee(space, id);
  if (!row) throw notFound('employee', id);
  return row;
}

/** The employee's basic info (employee entity), or undefined when the space has no such employee. */
export async function employeeDetail(space: Space, where: { id?: string; account?: string }) {
  let q = space
    .selectFrom('employee as e')
    .leftJoin('org as o', 'o.id', 'e.org_id')
    .leftJoin('platform.account as a', 'a.id', 'e.account_id')
    .select([
      'e.id',
      'e.account_id',
      'e.account',
      'e.name',
      'e.status',
      'e.gender',
      'e.email',
      'e.address',
      'e.mobile',
      'e.qq',
      'e.wc_account',
      'e.photo',
      'e.created_at',
      'e.is_admin',
      'a.is_super',
      'o.id as org_id',
      'o.parent_id as org_parent_id',
      'o.name as org_name',
      'o.code as org_code',
      'o.path as org_path',
      'o.path_name as org_path_name',
      'o.sn as org_sn',
      'o.grade as org_grade',
      'o.description as org_description',
    ]);
  if (where.id !== undefined) q = q.where('e.id', '=', where.id);
  if (where.account !== undefined) q = q.where('e.account', '=', where.account);
  const r = await q.executeTakeFirst();
  if (!r) return undefined;
  const orgItem = r.org_id
    ? orgOut({
        id: r.org_id,
        parent_id: r.org_parent_id!,
        name: r.org_name!,
        code: r.org_code!,
        path: r.org_path!,
        path_name: r.org_path_name,
        sn: r.org_sn!,
        grade: r.org_grade,
        description: r.org_description,
      })
    : null;
  return compact({
    id: r.id,
    userId: r.account_id,
    account: r.account,
    name: r.name,
    status: employeeStatusOf(r.status),
    gender: genderOf(r.gender),
    email: r.email,
    address: r.address,
    mobile: r.mobile,
    qq: r.qq,
    wcAccount: r.wc_account,
    photo: r.photo,
    createTime: formatDateTime(r.created_at),
    isSuper: yesNo(r.is_super),
    isTenantAdmin: yesNo(r.is_admin),
    groupID: r.org_id,
    orgPath: orgItem ? String(orgItem.pathName) : null,
    orgItem,
  });
}

export async function requireEmployeeDetail(space: Space, id: string) {
  const out = await employeeDetail(space, { id });
  if (!out) throw notFound('employee', id);
  return out;
}

/** employee/load: the employee with everything the dialog's tabs show. */
export async function employeeLoad(db: Db, space: Space, id: string) {
  const data = await requireEmployeeDetail(space, id);
  const [orgs, positions, roles, groups, attrs] = await Promise.all([
    space
      .selectFrom('employee_org as eo')
      .innerJoin('org as o', 'o.id', 'eo.org_id')
      .select([
        'o.id',
        'o.parent_id',
        'o.name',
        'o.code',
        'o.path',
        'o.path_name',
        'o.sn',
        'o.grade',
        'o.description',
        'eo.is_main',
      ])
      .where('eo.employee_id', '=', id)
      .orderBy('eo.is_main', 'desc')
      .orderBy('o.path_name')
      .execute(),
    space
      .selectFrom('employee_position as ep')
      .innerJoin('position as p', 'p.id', 'ep.position_id')
      .leftJoin('org as o', 'o.id', 'p.org_id')
      .select([
        'p.id',
        'p.name',
        'p.code',
        'p.org_id',
        'p.parent_id',
        'o.name as org_name',
        'ep.is_main',
        'ep.is_principal',
      ])
      .where('ep.employee_id', '=', id)
      .orderBy('ep.is_main', 'desc')
      .orderBy('p.name')
      .orderBy('p.id')
      .execute(),
    employeeRoleEntries(db, space, id),
    space
      .selectFrom('user_group_member as m')
      .innerJoin('user_group as g', 'g.id', 'm.group_id')
      .select(['g.id', 'g.name', 'g.alias'])
      .where('m.employee_id', '=', id)
      .orderBy('g.name')
      .orderBy('g.id')
      .execute(),
    defsWithValues(space, 'employee', id),
  ]);
  const partyOrg = orgs.map((o) => ({ ...orgOut(o), isMain: o.is_main }));
  const partyPositions = positions.map((p) =>
    compact({
      id: p.id,
      name: p.name,
      code: p.code,
      parentId: p.org_id ?? p.parent_id,
      orgId: p.org_id,
      orgName: p.org_name,
      isMainPost: p.is_main,
      isPrincipal: p.is_principal,
    }),
  );
  const partyGroups = groups.map((g) => ({ groupId: g.id, groupName: g.name, groupAlias: g.alias }));
  return {
    data: {
      ...data,
      posItemList: partyPositions,
      roleItemList: roles,
      userGroupItemList: partyGroups,
      attrItemList: attrs.flatMap((a) =>
        ((a.values as { value: string }[] | undefined) ?? []).length
          ? [
              {
                attrId: a.id as string,
                value: (a.values as { value: string }[]).map((v) => v.value).join(','),
              },
            ]
          : [],
      ),
    },
    partyOrg,
    partyAttrs: attrs,
    partyPositions,
    partyRoles: roles,
    partyGroups,
  };
}
