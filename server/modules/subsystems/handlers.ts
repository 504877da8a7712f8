/**
 * Subsystems a signed-in user may read: the logo dropdown and the system selection page list those in
 * which the user can open at least one menu entry — granted through their roles (server/auth/
 * permissions.ts); any subsystem with a menu for the super user and for a tenant admin.
 */
import type { Db } from '../../db/database.ts';
import { grantedResources, invalidatePermissions } from '../../auth/permissions.ts';
import type { AuthContext } from '../../auth/session.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { defineHandlers } from '../../http/handler.ts';
import { newId } from '../../auth/tokens.ts';
import type { ListSpec } from '../../http/list-query.ts';
import { idList, listPage } from '../people/common.ts';
import { checkedLogo } from './logo.ts';
import { authOf } from '../../http/handler.ts';

export interface SubsystemOut {
  id: string;
  name: string;
  alias: string;
  logo: string | null;
  logoType: 'svg' | 'image';
  isDefault: 'Y' | 'N';
  sn: number;
}

const COLUMNS = ['s.id', 's.name', 's.alias', 's.logo', 's.logo_type', 's.is_default', 's.sn'] as const;

type Row = {
  id: string;
  name: string;
  alias: string;
  logo: string | null;
  logo_type: 'svg' | 'image';
  is_default: boolean;
  sn: number;
};

function toSubsystem(r: Row): SubsystemOut {
  return {
    id: r.id,
    name: r.name,
    alias: r.alias,
    logo: r.logo,
    logoType: r.logo_type,
    isDefault: r.is_default ? 'Y' : 'N',
    sn: r.sn,
  };
}

export async function currentUserSubsystems(db: Db, auth: AuthContext): Promise<SubsystemOut[]> {
  let query = db
    .selectFrom('platform.subsystem as s')
    .select(COLUMNS)
    .where((w) =>
      w.exists(
        w
          .selectFrom('platform.resource as r')
          .select('r.id')
          .whereRef('r.system_id', '=', 's.id')
          .where('r.type', '=', 'menu')
          .where('r.hidden', '=', false),
      ),
    );
  if (!auth.isSuper && !auth.isTenantAdmin) {
    const granted = [...(await grantedResources(db, auth, true)).resources];
    if (!granted.length) return [];
    query = query.where((w) =>
      w.exists(
        w
          .selectFrom('platform.resource as g')
          .select('g.id')
          .whereRef('g.system_id', '=', 's.id')
          .where('g.type', '=', 'menu')
          .where('g.id', 'in', granted),
      ),
    );
  }
  const rows = await query.orderBy('s.sn').orderBy('s.name').execute();
  return rows.map(toSubsystem);
}

const LIST: ListSpec = {
  filters: { name: ['s.name', 'like'], alias: ['s.alias', 'like'] },
  sorts: { name: 's.name', alias: 's.alias', sn: 's.sn' },
  defaultSort: [
    ['s.sn', 'asc'],
    ['s.name', 'asc'],
  ],
};

/** Why a subsystem is in use: a role of some tenant belongs to it or holds one of its entries. */
async function usedBy(db: Db, systemId: string): Promise<string | null> {
  const spaces = await db
    .selectFrom('platform.tenant')
    .select(['schema_name', 'name'])
    .where('schema_status', '=', 'CREATED')
    .execute();
  for (const s of spaces) {
    const t = db.withSchema(s.schema_name);
    const own = await t
      .selectFrom('role')
      .select('id')
      .where('system_id', '=', systemId)
      .limit(1)
      .executeTakeFirst();
    const granted = await t
      .selectFrom('role_resource as rr')
      .innerJoin(
        db.selectFrom('platform.resource').select('id').where('system_id', '=', systemId).as('r'),
        'r.id',
        'rr.resource_id',
      )
      .select('rr.role_id')
      .limit(1)
      .executeTakeFirst();
    if (own || granted) return s.name;
  }
  return null;
}

export const subsystemHandlers = defineHandlers({
  'auth.sub.system.query': async (ctx) => {
    const page = await listPage<Row>(
      ctx.db.selectFrom('platform.subsystem as s'),
      (q) => q.select(COLUMNS),
      LIST,
      ctx.body,
    );
    return { ...page, dataResult: page.dataResult.map(toSubsystem) };
  },

  /** Create or edit: alias unique, logo checked (logo.ts); one default at most. */
  'auth.sub.system.save': async (ctx) => {
    const input = ctx.body;
    const existing = input.id
      ? await ctx.db
          .selectFrom('platform.subsystem')
          .select(['id', 'alias'])
          .where('id', '=', input.id)
          .executeTakeFirst()
      : null;
    if (input.id && !existing)
      throw new ApiError(Code.NOT_FOUND, 'shellKit.subsystemNotFound', { id: input.id });
    // The catalogue leaves alias out of an edit (the stored one stays); a new subsystem needs one.
    const alias = input.alias ?? existing?.alias;
    if (!alias)
      throw new ApiError(Code.ILLEGAL_REQUEST, 'validation.required', {}, [
        { field: 'alias', reason: 'required' },
      ]);
    const clash = await ctx.db
      .selectFrom('platform.subsystem')
      .select('id')
      .where('alias', '=', alias)
      .where('id', '<>', input.id ?? '')
      .executeTakeFirst();
    if (clash)
      throw new ApiError(Code.ILLEGAL_REQUEST, 'subsystem.aliasTaken', { alias }, [
        { field: 'alias', reason: 'taken' },
      ]);
    const logoType = input.logoType ?? 'svg';
    const values = {
      name: input.name.trim(),
      alias,
      logo: checkedLogo(input.logo, logoType),
      logo_type: logoType,
      is_default: input.isDefault === 'Y',
      sn: input.sn ?? 0,
    };
    const id = existing?.id ?? newId();
    await ctx.db.transaction().execute(async (tx) => {
      if (values.is_default)
        await tx.updateTable('platform.subsystem').set({ is_default: false }).where('id', '<>', id).execute();
      if (existing) await tx.updateTable('platform.subsystem').set(values).where('id', '=', id).execute();
      else
        await tx
          .insertInto('platform.subsystem')
          .values({ id, ...values })
          .execute();
    });
    const row = await ctx.db
      .selectFrom('platform.subsystem as s')
      .select(COLUMNS)
      .where('s.id', '=', id)
      .executeTakeFirstOrThrow();
    return toSubsystem(row);
  },

  /** Only unused subsystems go (with their resources); never the default one. */
  'auth.sub.system.remove': async (ctx) => {
    const ids = idList(ctx.query.ids);
    const rows = await ctx.db
      .selectFrom('platform.subsystem')
      .select(['id', 'name', 'is_default'])
      .where('id', 'in', ids)
      .execute();
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw new ApiError(Code.NOT_FOUND, 'shellKit.subsystemNotFound', { id: missing });
    for (const r of rows) {
      if (r.is_default) throw new ApiError(Code.ILLEGAL_REQUEST, 'subsystem.removeDefault', { name: r.name });
      const tenant = await usedBy(ctx.db, r.id);
      if (tenant) throw new ApiError(Code.ILLEGAL_REQUEST, 'subsystem.inUse', { name: r.name, tenant });
    }
    await ctx.db.deleteFrom('platform.subsystem').where('id', 'in', ids).execute();
    invalidatePermissions(ctx.db, {});
    return null;
  },

  'auth.sub.system.findCurrentUserSubSystem': async (ctx) => currentUserSubsystems(ctx.db, authOf(ctx)),

  'auth.sub.system.findAllSubSystem': async (ctx) => {
    const rows = await ctx.db
      .selectFrom('platform.subsystem as s')
      .select(COLUMNS)
      .orderBy('s.sn')
      .orderBy('s.name')
      .execute();
    return rows.map(toSubsystem);
  },

  'auth.sub.system.getSubSystem': async (ctx) => {
    const { id } = ctx.query;
    const row = await ctx.db
      .selectFrom('platform.subsystem as s')
      .select(COLUMNS)
      .where('s.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiError(Code.NOT_FOUND, 'shellKit.subsystemNotFound', { id });
    return toSubsystem(row);
  },
});
