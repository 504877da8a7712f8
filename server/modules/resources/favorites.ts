/**
 * A user's menu favourites: only entries of the menu the user can open (the same visibility as
 * getMenuData), kept per subsystem in the user's order.
 */
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { authOf, defineHandlers, type HandlerContext } from '../../http/handler.ts';
import { idList } from '../people/common.ts';
import { menuTreeFor, type MenuNode } from './menu-tree.ts';
import './tables.ts';

function flat(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((n) => [n, ...flat(n.children)]);
}

/** The entry, when it is in the caller's menu of its subsystem (else 404: unknown and hidden read the same). */
async function reachable(ctx: HandlerContext, resourceId: string): Promise<{ id: string; systemId: string }> {
  const row = await ctx.db
    .selectFrom('platform.resource')
    .select(['id', 'system_id'])
    .where('id', '=', resourceId)
    .where('type', '=', 'menu')
    .executeTakeFirst();
  const menu = row ? flat(await menuTreeFor(ctx, authOf(ctx), row.system_id)) : [];
  if (!row || !menu.some((n) => n.id === resourceId))
    throw new ApiError(Code.NOT_FOUND, 'resource.error.notFound', { id: resourceId });
  return { id: row.id, systemId: row.system_id };
}

export const favoriteHandlers = defineHandlers({
  'auth.resources.saveFavorites': async (ctx) => {
    const auth = authOf(ctx);
    const r = await reachable(ctx, ctx.query.resourceId);
    const last = await ctx.db
      .selectFrom('platform.menu_favorite')
      .select((eb) => eb.fn.max('sn').as('sn'))
      .where('account_id', '=', auth.accountId)
      .where('system_id', '=', r.systemId)
      .executeTakeFirst();
    await ctx.db
      .insertInto('platform.menu_favorite')
      .values({
        account_id: auth.accountId,
        resource_id: r.id,
        system_id: r.systemId,
        sn: Number(last?.sn ?? -1) + 1,
      })
      .onConflict((oc) => oc.columns(['account_id', 'resource_id']).doNothing())
      .execute();
    return null;
  },

  'auth.resources.removeFavorites': async (ctx) => {
    await ctx.db
      .deleteFrom('platform.menu_favorite')
      .where('account_id', '=', authOf(ctx).accountId)
      .where('resource_id', '=', ctx.query.resourceId)
      .execute();
    return null;
  },

  'auth.resources.sortFavorites': async (ctx) => {
    const auth = authOf(ctx);
    const ids = idList(ctx.query.resourceIds, 'resourceIds');
    const mine = await ctx.db
      .selectFrom('platform.menu_favorite')
      .select('resource_id')
      .where('account_id', '=', auth.accountId)
      .where('resource_id', 'in', ids)
      .execute();
    const missing = ids.find((id) => !mine.some((m) => m.resource_id === id));
    if (missing) throw new ApiError(Code.NOT_FOUND, 'resource.error.notFound', { id: missing });
    await ctx.db.transaction().execute(async (tx) => {
      for (const [i, id] of ids.entries())
        await tx
          .updateTable('platform.menu_favorite')
          .set({ sn: i })
          .where('account_id', '=', auth.accountId)
          .where('resource_id', '=', id)
          .execute();
    });
    return null;
  },

  /** Favourites still in the caller's menu (a revoked grant hides one without deleting it). */
  'auth.resources.getMenuFavorites': async (ctx) => {
    const auth = authOf(ctx);
    const systemId = ctx.body?.systemId || auth.systemId;
    if (!systemId) return [];
    const favs = await ctx.db
      .selectFrom('platform.menu_favorite')
      .select('resource_id')
      .where('account_id', '=', auth.accountId)
      .where('system_id', '=', systemId)
      .orderBy('sn')
      .execute();
    const menu = new Map(flat(await menuTreeFor(ctx, auth, systemId)).map((n) => [n.id, n]));
    return favs.flatMap((f) => {
      const n = menu.get(f.resource_id);
      return n ? [{ ...n, children: [] }] : [];
    });
  },
});
