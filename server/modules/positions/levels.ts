/**
 * Levels (职级, the spec's Level: name, level value, type org or position) as managed data of the
 * tenant's space: the list, save (the name unique within its type) and removal, refused while a
 * position carries the level. Positions take only levels of type position (position.save).
 */
import { sql } from 'kysely';
import { newId } from '../../auth/tokens.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { defineHandlers, tenantSchemaOf } from '../../http/handler.ts';
import type { ListSpec } from '../../http/list-query.ts';
import { idList, invalid, listPage, spaceOf, type Space } from '../people/common.ts';

export const LEVEL_LIST: ListSpec = {
  filters: {
    id: ['l.id', 'eq'],
    name: ['l.name', 'like'],
    type: ['l.type', 'in'],
  },
  sorts: {
    name: 'l.name',
    level: 'l.level',
    type: 'l.type',
  },
  defaultSort: [
    ['l.type', 'asc'],
    ['l.level', 'asc'],
    ['l.name', 'asc'],
    ['l.id', 'asc'],
  ],
};

const LEVEL_COLUMNS = ['l.id', 'l.name', 'l.level', 'l.type'] as const;

/** One transaction in the caller's tenant space. */
function inSpace<T>(ctx: HandlerContext, change: (tx: Space) => Promise<T>): Promise<T> {
  return ctx.db.transaction().execute((trx) => change(trx.withSchema(tenantSchemaOf(ctx))));
}

export const levelHandlers = defineHandlers({
  'level.query': (ctx) =>
    listPage(
      spaceOf(ctx).selectFrom('level as l'),
      (q) => q.select([...LEVEL_COLUMNS]),
      LEVEL_LIST,
      ctx.body,
    ),

  'level.get': async (ctx) => {
    const row = await spaceOf(ctx)
      .selectFrom('level as l')
      .select([...LEVEL_COLUMNS])
      .where('l.id', '=', ctx.query.id)
      .executeTakeFirst();
    if (!row) throw new ApiError(Code.NOT_FOUND, 'people.level.notFound', { id: ctx.query.id });
    return row;
  },

  'level.save': async (ctx) => {
    const { id, level, type } = ctx.body;
    const name = ctx.body.name.trim();
    return inSpace(ctx, async (tx) => {
      if (id) {
        const current = await tx.selectFrom('level').select('id').where('id', '=', id).executeTakeFirst();
        if (!current) throw invalid(ctx.lang, 'people.level.notFound', { id }, 'id');
        if (type === 'org') {
          const user = await tx
            .selectFrom('position')
            .select('name')
            .where('level_id', '=', id)
            .executeTakeFirst();
          if (user) throw invalid(ctx.lang, 'people.level.inUse', { name, position: user.name }, 'type');
        }
      }
      const clash = await tx
        .selectFrom('level')
        .select('id')
        .where('type', '=', type)
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .where('id', '<>', id ?? '')
        .executeTakeFirst();
      if (clash) throw invalid(ctx.lang, 'people.level.nameTaken', { name }, 'name');
      const values = { name, level, type };
      const saved = id ?? newId();
      if (id) await tx.updateTable('level').set(values).where('id', '=', id).execute();
      else
        await tx
          .insertInto('level')
          .values({ id: saved, ...values })
          .execute();
      return tx
        .selectFrom('level as l')
        .select([...LEVEL_COLUMNS])
        .where('l.id', '=', saved)
        .executeTakeFirstOrThrow();
    });
  },

  /** All or nothing: an unknown id or a level a position carries stops the whole list. */
  'level.remove': async (ctx) => {
    const ids = idList(ctx.query.ids);
    await inSpace(ctx, async (tx) => {
      const rows = await tx.selectFrom('level').select(['id', 'name']).where('id', 'in', ids).execute();
      const missing = ids.find((i) => !rows.some((r) => r.id === i));
      if (missing) throw invalid(ctx.lang, 'people.level.notFound', { id: missing }, 'ids');
      const used = await tx
        .selectFrom('position as p')
        .innerJoin('level as l', 'l.id', 'p.level_id')
        .select(['l.name as level', 'p.name as position'])
        .where('p.level_id', 'in', ids)
        .executeTakeFirst();
      if (used)
        throw invalid(ctx.lang, 'people.level.inUse', { name: used.level, position: used.position }, 'ids');
      await tx.deleteFrom('level').where('id', 'in', ids).execute();
    });
    return null;
  },
});
