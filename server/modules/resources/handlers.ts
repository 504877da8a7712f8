/** Menu resources: the menu tree of the current subsystem as the current user may see it. */
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../auth/session.ts';
import type { HandlerMap } from '../handler.ts';
import { authOf } from '../handler.ts';
import { employeeRoleEntries } from '../people/party.ts';

export interface MenuNode {
  id: string;
  parentId: string;
  name: string;
  alias: string;
  path: string | null;
  icon: string | null;
  iconSvg: string | null;
  defaultUrl: string | null;
  screen: string | null;
  open: string;
  level: number;
  children: MenuNode[];
}

/** Menus come through roles: own grants and those inherited from the employee's organisations and posts. */
async function grantedResourceIds(db: Db, auth: AuthContext): Promise<Set<string> | 'all'> {
  if (auth.isSuper) return 'all';
  if (!auth.tenantSchema) return new Set();
  const space = db.withSchema(auth.tenantSchema);
  const me = await space.selectFrom('employee').select('id').where('account', '=', auth.account).executeTakeFirst();
  if (!me) return new Set();
  const roleIds = (await employeeRoleEntries(db, space, me.id)).map((r) => r.id);
  if (roleIds.length === 0) return new Set();
  const rows = await space
    .selectFrom('role_resource as rr')
    .innerJoin('role as r', 'r.id', 'rr.role_id')
    .select('rr.resource_id')
    .where('rr.role_id', 'in', roleIds)
    .where('r.enabled', '=', true)
    .execute();
  return new Set(rows.map((r) => r.resource_id));
}

export function buildMenuTree(rows: Omit<MenuNode, 'children' | 'level'>[]): MenuNode[] {
  const byParent = new Map<string, Omit<MenuNode, 'children' | 'level'>[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const build = (parentId: string, level: number): MenuNode[] =>
    (byParent.get(parentId) ?? []).map((r) => ({ ...r, level, children: build(r.id, level + 1) }));
  return build('0', 1);
}

export const resourceHandlers: HandlerMap = {
  'auth.resources.getMenuData': async (ctx) => {
    const auth = authOf(ctx);
    const systemId = (ctx.query as { systemId?: string }).systemId || auth.systemId;
    if (!systemId) return [];
    const granted = await grantedResourceIds(ctx.db, auth);
    const rows = await ctx.db
      .selectFrom('platform.resource')
      .select([
        'id',
        'parent_id as parentId',
        'name',
        'alias',
        'path',
        'icon',
        'default_url as defaultUrl',
        'screen',
        'open_type as open',
      ])
      .where('system_id', '=', systemId)
      .where('type', '=', 'menu')
      .orderBy('sn')
      .orderBy('name')
      .execute();
    // A parent stays visible when any of its descendants is granted.
    const visible = granted === 'all' ? rows : keepGrantedWithAncestors(rows, granted);
    return buildMenuTree(visible.map((r) => ({ ...r, iconSvg: null })));
  },
};

function keepGrantedWithAncestors<T extends { id: string; parentId: string }>(rows: T[], granted: Set<string>): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const id of granted) {
    for (let n = byId.get(id); n && !keep.has(n.id); n = byId.get(n.parentId)) keep.add(n.id);
  }
  return rows.filter((r) => keep.has(r.id));
}
