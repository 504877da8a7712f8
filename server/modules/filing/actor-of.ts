/**
 * The filing service's Actor from a verified request: the session's account and tenant, the tenant's
 * kind (review:* counts only in the authority tenant) and the permissions the permission model grants
 * the session there. Never from a header or a body.
 */
import type { Actor } from './index.ts';
import { sessionFacts } from '../../auth/permissions.ts';
import { authOf, type HandlerContext } from '../../http/handler.ts';

export async function actorOf(ctx: HandlerContext): Promise<Actor> {
  const auth = authOf(ctx);
  if (!auth.tenantId) throw new Error(`operation ${ctx.op.id} reached its handler without a tenant`);
  const [facts, tenant] = await Promise.all([
    sessionFacts(ctx.db, auth),
    ctx.db
      .selectFrom('platform.tenant')
      .select('kind')
      .where('id', '=', auth.tenantId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    accountId: auth.accountId,
    tenantId: auth.tenantId,
    tenantKind: tenant.kind,
    permissions: facts.permissions,
    name: auth.fullname,
  };
}
