/**
 * The built-in menu (schemas/menus/*.yaml) into platform.resource, at every start:
 *
 * - an entry (or button) missing by alias in its subsystem is added — on first start that is the whole
 *   menu, on an existing installation the entries a new version brings;
 * - an entry written by an earlier start and not edited since (its fields still match origin_digest, the
 *   digest of the definition then written) follows the files: new name, icon, place, permissions…;
 * - a button added to an existing installation with `grantedWith` is granted, in every tenant, to the
 *   roles granting the resource it names (a right split out of an older one stays with those who had it);
 * - an entry an administrator edited is left as it is, and so is every entry the files no longer name;
 * - an entry from before digests existed (the menu the first versions seeded in code) counts as not
 *   edited when it matches its definition apart from the permissions and the hidden flag, which it then
 *   receives.
 *
 * Several instances starting at once take turns (an advisory lock), so none adds an entry twice.
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { flattenMenus, loadMenuFiles, type MenuItem } from '../../schemas/menus.ts';
import { newId } from '../auth/tokens.ts';
import { inTransaction, type Db } from '../db/database.ts';
import '../auth/permission-tables.ts';

export interface MenuSyncResult {
  added: number;
  updated: number;
  /** Aliases of built-in entries left alone because an administrator changed them. */
  edited: string[];
  /** Role grants added for new buttons with `grantedWith`, over all tenants. */
  granted: number;
}

interface Fields {
  parent: string | null;
  type: 'menu' | 'button';
  name: string;
  icon: string | null;
  screen: string | null;
  url: string | null;
  open: string;
  sort: number;
  hidden: boolean;
  permissions: string[];
}

export function digestOf(f: Fields): string {
  const canonical = JSON.stringify([
    f.parent,
    f.type,
    f.name,
    f.icon,
    f.screen,
    f.url,
    f.open,
    f.sort,
    f.hidden,
    [...f.permissions].sort(),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

const fieldsOfItem = (item: MenuItem): Fields => ({
  parent: item.parentAlias,
  type: item.type,
  name: item.name,
  icon: item.icon,
  screen: item.screen,
  url: item.url,
  open: item.open,
  sort: item.sort,
  hidden: item.hidden,
  permissions: item.permissions,
});

type Row = {
  id: string;
  parent_id: string;
  alias: string;
  name: string;
  type: string;
  icon: string | null;
  screen: string | null;
  default_url: string | null;
  open_type: string;
  sn: number;
  hidden: boolean;
  permissions: string[];
  origin_digest: string | null;
};

export async function syncBuiltInMenus(
  db: Db,
  items = flattenMenus(loadMenuFiles()),
): Promise<MenuSyncResult> {
  const result: MenuSyncResult = { added: 0, updated: 0, edited: [], granted: 0 };
  const bySubsystem = new Map<string, MenuItem[]>();
  for (const item of items)
    bySubsystem.set(item.subsystem, [...(bySubsystem.get(item.subsystem) ?? []), item]);
  await inTransaction(db, async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('builtin-menu-sync'))`.execute(tx);
    for (const [alias, entries] of bySubsystem) await syncSubsystem(tx, alias, entries, result);
  });
  return result;
}

async function subsystemId(tx: Db, alias: string): Promise<string> {
  const found = await tx
    .selectFrom('platform.subsystem')
    .select('id')
    .where('alias', '=', alias)
    .executeTakeFirst();
  if (found) return found.id;
  const any = await tx.selectFrom('platform.subsystem').select('id').limit(1).executeTakeFirst();
  const id = newId();
  await tx
    .insertInto('platform.subsystem')
    .values({ id, name: `menu.subsystem.${alias}`, alias, is_default: !any, logo_type: 'svg' })
    .execute();
  return id;
}

async function syncSubsystem(
  tx: Db,
  alias: string,
  items: MenuItem[],
  result: MenuSyncResult,
): Promise<void> {
  const systemId = await subsystemId(tx, alias);
  const rows = (await tx
    .selectFrom('platform.resource')
    .select([
      'id',
      'parent_id',
      'alias',
      'name',
      'type',
      'icon',
      'screen',
      'default_url',
      'open_type',
      'sn',
      'hidden',
      'permissions',
      'origin_digest',
    ])
    .where('system_id', '=', systemId)
    .execute()) as Row[];
  const byAlias = new Map(rows.map((r) => [r.alias, r]));
  const before = new Map(rows.map((r) => [r.alias, r.id]));
  const aliasOfId = new Map(rows.map((r) => [r.id, r.alias]));
  const fieldsOfRow = (r: Row): Fields => ({
    parent: r.parent_id === '0' ? null : (aliasOfId.get(r.parent_id) ?? `#${r.parent_id}`),
    type: r.type === 'button' ? 'button' : 'menu',
    name: r.name,
    icon: r.icon,
    screen: r.screen,
    url: r.default_url,
    open: r.open_type,
    sort: r.sn,
    hidden: r.hidden,
    permissions: r.permissions ?? [],
  });
  // Parents first: an item's parent is an earlier item or an existing row.
  for (const item of items) {
    const wanted = fieldsOfItem(item);
    const digest = digestOf(wanted);
    const parentId = item.parentAlias ? byAlias.get(item.parentAlias)?.id : '0';
    if (parentId === undefined) continue; // its parent was removed by an administrator
    const values = {
      parent_id: parentId,
      name: item.name,
      type: item.type,
      icon: item.icon,
      screen: item.screen,
      default_url: item.url,
      open_type: item.open,
      sn: item.sort,
      hidden: item.hidden,
      permissions: item.permissions,
      origin_digest: digest,
    };
    const row = byAlias.get(item.alias);
    if (!row) {
      const id = newId();
      await tx
        .insertInto('platform.resource')
        .values({ id, system_id: systemId, alias: item.alias, ...values })
        .execute();
      const added = { id, alias: item.alias, ...values } as unknown as Row;
      byAlias.set(item.alias, added);
      aliasOfId.set(id, item.alias);
      result.added += 1;
      const from = item.grantedWith ? before.get(item.grantedWith) : undefined;
      if (from) result.granted += await grantAlongside(tx, from, id);
      continue;
    }
    const current = fieldsOfRow(row);
    const untouched =
      row.origin_digest === null
        ? digestOf({ ...current, permissions: wanted.permissions, hidden: wanted.hidden }) === digest
        : digestOf(current) === row.origin_digest;
    if (!untouched) {
      result.edited.push(item.alias);
      continue;
    }
    if (row.origin_digest === digest) continue;
    await tx.updateTable('platform.resource').set(values).where('id', '=', row.id).execute();
    result.updated += 1;
  }
}

/** In every tenant, grants resource `added` to each role that grants resource `from`; returns how many. */
async function grantAlongside(tx: Db, from: string, added: string): Promise<number> {
  const tenants = await tx.selectFrom('platform.tenant').select('schema_name').execute();
  let granted = 0;
  for (const { schema_name: schema } of tenants) {
    const r = await sql`
      insert into ${sql.id(schema, 'role_resource')} (role_id, resource_id)
      select role_id, ${added} from ${sql.id(schema, 'role_resource')} where resource_id = ${from}
      on conflict do nothing`.execute(tx);
    granted += Number(r.numAffectedRows ?? 0);
  }
  return granted;
}
