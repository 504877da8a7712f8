/**
 * Menu resources: the menu tree of the current subsystem as the current user may see it. The super user
 * sees every entry; a tenant admin every entry whose page needs only tenant permissions of its tenant's kind;
 * anyone else the entries of that kind granted through their roles (server/auth/permissions.ts), each with
 * its ancestors. Hidden entries (they only carry permissions) and buttons are never part of the menu.
 */
import type { AuthContext } from '../../auth/session.ts';
import { fitsTenantKind, grantedResources, sessionFacts } from '../../auth/permissions.ts';
import type { HandlerMap } from '../../http/handler.ts';

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

type MenuRow = Omit<MenuNode, 'children' | 'level' | 'iconSvg'> & { permissions: string[] };

/** What of a subsystem's menu a session sees (see the file comment). */
async function visibleEntries(
  ctx: Parameters<HandlerMap[string]>[0],
  auth: AuthContext,
  systemId: string,
  rows: MenuRow[],
): Promise<MenuRow[]> {
  if (auth.isSuper) return rows;
  // Nothing whose permissions do not count in this kind of tenant, whoever granted it.
  const groups = new Set(rows.filter((r) => rows.some((c) => c.parentId === r.id)).map((r) => r.id));
  const fits = rows.filter((r) => fitsTenantKind(r.permissions, auth.tenantKind));
  if (auth.isTenantAdmin) return keepWithVisibleChildren(fits, groups);
  const granted =
    systemId === auth.systemId
      ? (await sessionFacts(ctx.db, auth)).resources
      : (await grantedResources(ctx.db, { ...auth, systemId })).resources;
  const shown = granted === 'all' ? fits : keepGrantedWithAncestors(fits, granted);
  return keepWithVisibleChildren(shown, groups);
}

/** Groups (entries with children in the tree) stay only when one of their children stays. */
function keepWithVisibleChildren(rows: MenuRow[], groups: Set<string>): MenuRow[] {
  let kept = rows;
  for (;;) {
    const next = kept.filter((r) => !groups.has(r.id) || kept.some((c) => c.parentId === r.id));
    if (next.length === kept.length) return kept;
    kept = next;
  }
}

export function buildMenuTree(rows: Omit<MenuNode, 'children' | 'level'>[]): MenuNode[] {
  const byParent = new Map<string, Omit<MenuNode, 'children' | 'level'>[]>();
  for (const r of rows) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const build = (parentId: string, level: number): MenuNode[] =>
    (byParent.get(parentId) ?? []).map((r) => ({ ...r, level, children: build(r.id, level + 1) }));
  return build('0', 1);
}

/** The menu tree of a subsystem as the session may see it (getMenuData, favourites). */
export async function menuTreeFor(
  ctx: Parameters<HandlerMap[string]>[0],
  auth: AuthContext,
  systemId: string,
): Promise<MenuNode[]> {
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
      'permissions',
    ])
    .where('system_id', '=', systemId)
    .where('type', '=', 'menu')
    .where('hidden', '=', false)
    .orderBy('sn')
    .orderBy('name')
    .execute();
  const visible = await visibleEntries(ctx, auth, systemId, rows);
  return buildMenuTree(visible.map(({ permissions: _p, ...r }) => ({ ...r, iconSvg: null })));
}

/** A parent stays visible when any of its descendants is granted. */
function keepGrantedWithAncestors<T extends { id: string; parentId: string }>(
  rows: T[],
  granted: ReadonlySet<string>,
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<string>();
  for (const id of granted) {
    for (let n = byId.get(id); n && !keep.has(n.id); n = byId.get(n.parentId)) keep.add(n.id);
  }
  return rows.filter((r) => keep.has(r.id));
}
