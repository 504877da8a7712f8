/** Sign-in and the session's own calls. */
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { createSession, revokeSession } from '../../auth/session.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import type { HandlerMap } from '../handler.ts';
import { authOf } from '../handler.ts';

interface TokenRequest {
  grant_type: string;
  username?: string;
  password?: string;
  client_id?: string;
  client_secret?: string;
  code?: string;
  refresh_token?: string;
}

export { hashPassword };

export const authHandlers: HandlerMap = {
  'authentication.apply': async (ctx) => {
    const body = ctx.body as TokenRequest;
    if (body.grant_type !== 'password_credentials') {
      throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unsupportedGrant', { grant: body.grant_type });
    }
    if (!body.username || !body.password) throw new ApiError(Code.BAD_CREDENTIALS);
    const account = await ctx.db
      .selectFrom('platform.account')
      .select(['id', 'password_hash', 'status'])
      .where('account', '=', body.username)
      .executeTakeFirst();
    const ok = await verifyPassword(account?.password_hash ?? null, body.password);
    if (!account || !ok || account.status !== 'actived') throw new ApiError(Code.BAD_CREDENTIALS);
    return createSession(ctx.db, account.id, ctx.config.accessTokenTtl, {
      ip: ctx.request.ip,
      client: ctx.request.headers['user-agent'],
    });
  },

  'user.context': async (ctx) => {
    const auth = authOf(ctx);
    const db = ctx.db;
    const tenants = await db
      .selectFrom('platform.tenant_member as m')
      .innerJoin('platform.tenant as t', 't.id', 'm.tenant_id')
      .select(['t.id', 't.name', 't.code', 'm.is_main', 'm.is_admin'])
      .where('m.account_id', '=', auth.accountId)
      .where('t.status', '=', 'ENABLED')
      .where('t.schema_status', '=', 'CREATED')
      .orderBy('m.is_main', 'desc')
      .orderBy('t.name')
      .execute();
    const main = tenants.find((t) => t.is_main) ?? tenants[0] ?? null;
    const employee = auth.tenantSchema
      ? await db
          .withSchema(auth.tenantSchema)
          .selectFrom('employee')
          .select(['id', 'photo', 'name', 'status'])
          .where('account', '=', auth.account)
          .executeTakeFirst()
      : undefined;
    return {
      employee: employee ?? null,
      user: { id: auth.accountId, fullname: auth.fullname, account: auth.account, isSuper: auth.isSuper ? 'Y' : 'N' },
      mainTenant: main ? { id: main.id, name: main.name } : null,
      tenants: tenants.map((t) => ({ id: t.id, name: t.name })),
      tenantId: auth.tenantId,
      isTenantAdmin: auth.isTenantAdmin,
      switchAccount: null,
      regOpen: ctx.config.regOpen,
    };
  },

  'user.logout': async (ctx) => {
    await revokeSession(ctx.db, authOf(ctx).sessionId, 'logout');
    return true;
  },
};
