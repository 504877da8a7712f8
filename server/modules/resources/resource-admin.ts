/**
 * Administering a subsystem's resource tree (super user): the whole tree, one node, save, remove with
 * descendants, move (never under itself), sibling order, the tree's quick edits, and XML export and
 * import (resource-xml.ts). Roles' grants (role_resource, per tenant) follow removals; cached
 * permissions are dropped whenever the tree changes, since pages and buttons carry permissions.
 */
import type { FastifyRequest } from 'fastify';
import { invalidatePermissions } from '../../auth/permissions.ts';
import { newId } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { defineHandlers, type HandlerContext } from '../../http/handler.ts';
import { idList } from '../people/common.ts';
import { resourcesToXml, xmlToResources, XML_LIMITS, type XmlResource } from './resource-xml.ts';
import '../../auth/permission-tables.ts';

const COLUMNS = [
  'id',
  'parent_id',
  'system_id',
  'alias',
  'name',
  'type',
  'icon',
  'path',
  'screen',
  'open_type',
  'default_url',
  'sn',
  'hidden',
  'permissions',
] as const;

export interface ResourceRow {
  id: string;
  parent_id: string;
  system_id: string;
  alias: string;
  name: string;
  type: 'menu' | 'button' | 'link';
  icon: string | null;
  path: string | null;
  screen: string | null;
  open_type: string;
  default_url: string | null;
  sn: number;
  hidden: boolean;
  permissions: string[];
}

export async function systemRows(db: Db, systemId: string): Promise<ResourceRow[]> {
  return (await db
    .selectFrom('platform.resource')
    .select(COLUMNS)
    .where('system_id', '=', systemId)
    .orderBy('sn')
    .orderBy('name')
    .orderBy('id')
    .execute()) as ResourceRow[];
}

function asNode(r: ResourceRow) {
  return {
    id: r.id,
    parentId: r.parent_id,
    alias: r.alias,
    name: r.name,
    type: r.type,
    path: r.path ?? '',
    icon: r.icon,
    iconSvg: null,
    defaultUrl: r.default_url,
    ...(r.screen ? { screen: r.screen } : {}),
    open: r.open_type,
    sn: r.sn,
    hidden: r.hidden,
    permissions: r.permissions,
  };
}

type Node = ReturnType<typeof asNode> & { level: number; children: Node[] };

function tree(rows: ResourceRow[], rootId = '0'): Node[] {
  const byParent = new Map<string, ResourceRow[]>();
  for (const r of rows) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
  const build = (parentId: string, level: number): Node[] =>
    (byParent.get(parentId) ?? []).map((r) => ({ ...asNode(r), level, children: build(r.id, level + 1) }));
  return build(rootId, 1);
}

async function oneResource(db: Db, id: string): Promise<ResourceRow> {
  const row = await db
    .selectFrom('platform.resource')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.NOT_FOUND, 'resource.error.notFound', { id });
  return row as ResourceRow;
}

async function requireSystem(db: Db, systemId: string): Promise<void> {
  const s = await db
    .selectFrom('platform.subsystem')
    .select('id')
    .where('id', '=', systemId)
    .executeTakeFirst();
  if (!s) throw new ApiError(Code.NOT_FOUND, 'resource.error.noSystem', { id: systemId });
}

/** Ids of a node and everything under it. */
function subtree(rows: ResourceRow[], id: string): Set<string> {
  const out = new Set([id]);
  for (let grew = true; grew;) {
    grew = false;
    for (const r of rows)
      if (out.has(r.parent_id) && !out.has(r.id)) {
        out.add(r.id);
        grew = true;
      }
  }
  return out;
}

const changed = (ctx: HandlerContext) => invalidatePermissions(ctx.db, {});

interface SaveBody {
  id?: string;
  parentId?: string | null;
  systemId?: string;
  alias?: string;
  name?: string;
  path?: string;
  open?: boolean | string | number | null;
  icon?: string | null;
  defaultUrl?: string | null;
  sn?: number;
  type?: 'menu' | 'button' | 'link';
  screen?: string | null;
  hidden?: boolean;
  permissions?: string[];
}

function openType(open: SaveBody['open']): string | undefined {
  if (open === undefined || open === null) return undefined;
  if (open === true || open === 1 || open === '1' || open === 'external' || open === 'Y') return 'external';
  if (typeof open === 'string' && !['0', 'N', 'false', 'tab'].includes(open)) return open;
  return 'tab';
}

/** An external entry's address must be http(s): nothing else (javascript:, data:) may open from the menu. */
function checkAddress(url: string | null | undefined, field: string): void {
  if (!url || url.startsWith('/')) return;
  if (!/^https?:\/\/[^\s]+$/i.test(url))
    throw new ApiError(Code.ILLEGAL_REQUEST, 'resource.error.address', { url }, [{ field, reason: 'url' }]);
}

async function saveResource(ctx: HandlerContext, body: SaveBody, fixedId?: string): Promise<Node> {
  const id = fixedId ?? body.id;
  const existing = id ? await oneResource(ctx.db, id) : null;
  const systemId = existing?.system_id ?? body.systemId;
  if (!systemId)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'validation.required', {}, [
      { field: 'systemId', reason: 'required' },
    ]);
  await requireSystem(ctx.db, systemId);
  const rows = await systemRows(ctx.db, systemId);
  const parentId = body.parentId ?? existing?.parent_id ?? '0';
  if (parentId !== '0') {
    const parent = rows.find((r) => r.id === parentId);
    if (!parent) throw new ApiError(Code.NOT_FOUND, 'resource.error.notFound', { id: parentId });
    if (existing && subtree(rows, existing.id).has(parentId))
      throw new ApiError(Code.ILLEGAL_REQUEST, 'resource.error.cycle');
  }
  const alias = body.alias ?? existing?.alias;
  if (!alias)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'validation.required', {}, [
      { field: 'alias', reason: 'required' },
    ]);
  if (rows.some((r) => r.alias === alias && r.id !== existing?.id))
    throw new ApiError(Code.ILLEGAL_REQUEST, 'resource.error.aliasTaken', { alias }, [
      { field: 'alias', reason: 'taken' },
    ]);
  checkAddress(body.path, 'path');
  checkAddress(body.defaultUrl, 'defaultUrl');
  const values = {
    parent_id: parentId,
    alias,
    name: (body.name ?? existing?.name ?? '').trim(),
    type: body.type ?? existing?.type ?? 'menu',
    icon: body.icon !== undefined ? body.icon : (existing?.icon ?? null),
    path: body.path !== undefined ? body.path || null : (existing?.path ?? null),
    screen: body.screen !== undefined ? body.screen : (existing?.screen ?? null),
    open_type: openType(body.open) ?? existing?.open_type ?? 'tab',
    default_url: body.defaultUrl !== undefined ? body.defaultUrl : (existing?.default_url ?? null),
    sn: body.sn ?? existing?.sn ?? rows.filter((r) => r.parent_id === parentId).length,
    hidden: body.hidden ?? existing?.hidden ?? false,
    permissions: body.permissions ?? existing?.permissions ?? [],
    // Edited by hand: the start-up sync of built-in menus leaves it alone from now on.
    origin_digest: null,
  };
  if (!values.name)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'validation.required', {}, [
      { field: 'name', reason: 'required' },
    ]);
  const rid = existing?.id ?? newId();
  if (existing) await ctx.db.updateTable('platform.resource').set(values).where('id', '=', rid).execute();
  else
    await ctx.db
      .insertInto('platform.resource')
      .values({ id: rid, system_id: systemId, ...values })
      .execute();
  changed(ctx);
  const row = await oneResource(ctx.db, rid);
  return { ...asNode(row), level: 0, children: [] };
}

/** Removes nodes with their descendants; every tenant's role grants of them go too. */
async function removeResources(ctx: HandlerContext, ids: string[]): Promise<void> {
  const all = new Set<string>();
  for (const id of ids) {
    const row = await oneResource(ctx.db, id);
    for (const x of subtree(await systemRows(ctx.db, row.system_id), id)) all.add(x);
  }
  const list = [...all];
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('platform.resource').where('id', 'in', list).execute();
    await tx.deleteFrom('platform.menu_favorite').where('resource_id', 'in', list).execute();
  });
  const spaces = await ctx.db
    .selectFrom('platform.tenant')
    .select('schema_name')
    .where('schema_status', '=', 'CREATED')
    .execute();
  for (const s of spaces)
    await ctx.db
      .withSchema(s.schema_name)
      .deleteFrom('role_resource')
      .where('resource_id', 'in', list)
      .execute();
  changed(ctx);
}

function toXmlTree(rows: ResourceRow[], rootId: string): XmlResource[] {
  return tree(rows, rootId).map(function conv(n: Node): XmlResource {
    const r = rows.find((x) => x.id === n.id)!;
    return {
      alias: r.alias,
      name: r.name,
      type: r.type,
      icon: r.icon,
      path: r.path,
      screen: r.screen,
      openType: r.open_type,
      defaultUrl: r.default_url,
      hidden: r.hidden,
      permissions: r.permissions,
      children: n.children.map(conv),
    };
  });
}

export async function exportXml(db: Db, systemId: string, resourceId?: string): Promise<string> {
  const rows = await systemRows(db, systemId);
  if (!resourceId) return resourcesToXml(toXmlTree(rows, '0'));
  const root = rows.find((r) => r.id === resourceId);
  if (!root) throw new ApiError(Code.NOT_FOUND, 'resource.error.notFound', { id: resourceId });
  return resourcesToXml(toXmlTree(rows, root.parent_id).filter((n) => n.alias === root.alias));
}

/**
 * Writes an imported tree under `parentId` ('0': the top): a node whose alias the subsystem has is
 * updated in place (and moved), a new one is added; siblings take the order of the file. All or nothing.
 */
export async function importXml(db: Db, systemId: string, parentId: string, text: string): Promise<number> {
  const roots = xmlToResources(text);
  const rows = await systemRows(db, systemId);
  const byAlias = new Map(rows.map((r) => [r.alias, r]));
  if (parentId !== '0') {
    const parent = rows.find((r) => r.id === parentId);
    if (!parent) throw new ApiError(Code.NOT_FOUND, 'resource.error.notFound', { id: parentId });
    // The parent (or one of its ancestors) may not be one of the imported nodes.
    const imported = new Set<string>();
    const walk = (r: XmlResource) => (imported.add(r.alias), r.children.forEach(walk));
    roots.forEach(walk);
    for (let p: ResourceRow | undefined = parent; p; p = rows.find((r) => r.id === p!.parent_id))
      if (imported.has(p.alias)) throw new ApiError(Code.ILLEGAL_REQUEST, 'resource.error.cycle');
  }
  let written = 0;
  await db.transaction().execute(async (tx) => {
    const write = async (r: XmlResource, parent: string, sn: number) => {
      const values = {
        parent_id: parent,
        alias: r.alias,
        name: r.name,
        type: r.type,
        icon: r.icon,
        path: r.path,
        screen: r.screen,
        open_type: r.openType,
        default_url: r.defaultUrl,
        sn,
        hidden: r.hidden,
        permissions: r.permissions,
        origin_digest: null,
      };
      const found = byAlias.get(r.alias);
      const id = found?.id ?? newId();
      if (found) await tx.updateTable('platform.resource').set(values).where('id', '=', id).execute();
      else
        await tx
          .insertInto('platform.resource')
          .values({ id, system_id: systemId, ...values })
          .execute();
      written += 1;
      for (const [i, c] of r.children.entries()) await write(c, id, i);
    };
    const siblings = rows.filter(
      (r) => r.parent_id === parentId && !roots.some((x) => x.alias === r.alias),
    ).length;
    for (const [i, r] of roots.entries()) await write(r, parentId, siblings + i);
  });
  return written;
}

/** The uploaded file of a multipart request, as text (bounded). */
async function uploadedText(req: FastifyRequest): Promise<{ text: string; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new ApiError(Code.ILLEGAL_REQUEST, 'resource.xml.noFile');
  const fields: Record<string, string> = {};
  let text: string | null = null;
  for await (const part of req.parts({ limits: { files: 1, fields: 5, fileSize: XML_LIMITS.bytes + 1 } })) {
    if (part.type === 'file') {
      const buf = await part.toBuffer();
      if (part.file.truncated || buf.length > XML_LIMITS.bytes)
        throw new ApiError(Code.ILLEGAL_REQUEST, 'resource.xml.tooLarge', { limit: '2 MB' });
      text = buf.toString('utf8');
    } else fields[part.fieldname] = String(part.value);
  }
  if (text === null) throw new ApiError(Code.ILLEGAL_REQUEST, 'resource.xml.noFile');
  return { text, fields };
}

export const resourceAdminHandlers = defineHandlers({
  'auth.resources.getTreeData': async (ctx) => {
    const { systemId } = ctx.query;
    await requireSystem(ctx.db, systemId);
    return tree(await systemRows(ctx.db, systemId));
  },

  'auth.resources.get': async (ctx) => {
    const row = await oneResource(ctx.db, ctx.query.id);
    return { ...asNode(row), level: 0, children: [] };
  },

  'auth.resources.save': async (ctx) => saveResource(ctx, ctx.body),

  'auth.resources.updateResource': async (ctx) => saveResource(ctx, ctx.body, ctx.query.id),

  'auth.resources.updateNode': async (ctx) => {
    const q = ctx.query;
    await saveResource(ctx, { name: q.name, icon: q.icon, open: q.open }, q.id);
    return null;
  },

  'auth.resources.remove': async (ctx) => {
    await removeResources(ctx, idList(ctx.query.ids));
    return null;
  },

  'auth.resources.saveMove': async (ctx) => {
    const { id, parentId } = ctx.query;
    await saveResource(ctx, { parentId }, id);
    return null;
  },

  /** Siblings in the given order: all must share one parent. */
  'auth.resources.sortSave': async (ctx) => {
    const ids = idList(ctx.query.ids);
    const rows = await Promise.all(ids.map((id) => oneResource(ctx.db, id)));
    if (new Set(rows.map((r) => `${r.system_id}/${r.parent_id}`)).size !== 1)
      throw new ApiError(Code.ILLEGAL_REQUEST, 'resource.error.notSiblings');
    await ctx.db.transaction().execute(async (tx) => {
      for (const [i, id] of ids.entries())
        await tx.updateTable('platform.resource').set({ sn: i }).where('id', '=', id).execute();
    });
    changed(ctx);
    return null;
  },

  'auth.resources.exportXml': async (ctx) => {
    const { systemId, resourceId } = ctx.query;
    await requireSystem(ctx.db, systemId);
    const xml = await exportXml(ctx.db, systemId, resourceId || undefined);
    return ctx.reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', 'attachment; filename="resources.xml"')
      .header('x-content-type-options', 'nosniff')
      .send(xml);
  },

  'auth.resources.importXml': async (ctx) => {
    const { text, fields } = await uploadedText(ctx.request);
    const systemId = fields.systemId ?? ctx.query.systemId;
    if (!systemId)
      throw new ApiError(Code.ILLEGAL_REQUEST, 'validation.required', {}, [
        { field: 'systemId', reason: 'required' },
      ]);
    await requireSystem(ctx.db, systemId);
    const count = await importXml(ctx.db, systemId, fields.resourceId || '0', text);
    changed(ctx);
    return { count };
  },
});
