/**
 * Subsystems a signed-in user may read: the logo dropdown and the system selection page list those in
 * which the user can open at least one menu entry — granted through their roles (server/auth/
 * permissions.ts); any subsystem with a menu for the super user and for a tenant admin.
 */
import type { Db } from '../../db/database.ts';
import { grantedResources } from '../../auth/permissions.ts';
import type { AuthContext } from '../../auth/session.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import type { HandlerMap } from '../handler.ts';
import { authOf } from '../handler.ts';

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

export const subsystemHandlers: HandlerMap = {
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
    const { id } = ctx.query as { id: string };
    const row = await ctx.db
      .selectFrom('platform.subsystem as s')
      .select(COLUMNS)
      .where('s.id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiError(Code.NOT_FOUND, 'shellKit.subsystemNotFound', { id });
    return toSubsystem(row);
  },
};
