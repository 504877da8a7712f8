/**
 * Acting as another user. Who may: the super user (as anyone), a tenant administrator within their
 * current tenant (as a member of that tenant who is not the super user), or a member holding
 * employee:actAs there (as a member who is neither a tenant admin nor the super user). A reason is
 * required. Acting opens a new session family for the target marked with the actor, ending at most
 * ACTING_MAX_MINUTES later (acting-limits.ts ends it sooner when the actor loses the right); it resolves
 * to the target with `actor` set. Exit ends that family and answers a new token in the actor's own
 * family. Both ends, and every successful non-GET operation in between, are rows of
 * platform.acting_audit. Every refusal reads the same, so the call tells nothing about which accounts
 * exist, and the attempts are rate-limited.
 */
import { accountById, accountByName, membership } from '../../auth/accounts.ts';
import { recordActing } from '../../auth/acting-audit.ts';
import { recordActingEnd, recordActingStart } from '../../audit/acting-log.ts';
import { actingDeadline, mayActAs } from '../../auth/acting-limits.ts';
import { limitLookups } from '../../auth/rate-limit.ts';
import { issueSessionInFamily, revokeFamily } from '../../auth/session.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { bearerToken } from '../../http/catalogue-routes.ts';
import { defineHandlers } from '../../http/handler.ts';
import { authOf } from '../../http/handler.ts';
import { sessionMeta } from './common.ts';

export const actingHandlers = defineHandlers({
  'authentication.switch': async (ctx) => {
    const auth = authOf(ctx);
    const body = ctx.body;
    if (body.token !== undefined && body.token !== bearerToken(ctx.request))
      throw new ApiError(Code.ILLEGAL_TOKEN);
    if (auth.actor) throw new ApiError(Code.NO_PERMISSION, 'auth.switch.nested');
    await limitLookups(ctx);
    const name = body.username.trim();
    if (name === auth.account) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.switch.self');
    const denied = () => new ApiError(Code.NO_PERMISSION, 'auth.switch.denied');
    const target = await accountByName(ctx.db, name);
    if (!target || target.id === auth.accountId || target.status !== 'actived') throw denied();

    let tenantId: string | null | undefined;
    const inCurrent = auth.tenantId ? await membership(ctx.db, target.id, auth.tenantId) : undefined;
    if (auth.isSuper) {
      tenantId = inCurrent ? auth.tenantId : undefined;
    } else if (
      inCurrent &&
      (await mayActAs(
        ctx.db,
        { accountId: auth.accountId, isSuper: false, isTenantAdmin: auth.isTenantAdmin },
        auth,
        { accountId: target.id, isSuper: target.is_super, isTenantAdmin: inCurrent.is_admin },
      ))
    ) {
      tenantId = auth.tenantId;
    } else {
      throw denied();
    }

    const { token, familyId } = await issueSessionInFamily(ctx.db, target.id, ctx.config.accessTokenTtl, {
      ...sessionMeta(ctx),
      grantType: 'switch',
      actingBy: auth.accountId,
      actingUntil: actingDeadline(ctx.config),
      originFamilyId: auth.familyId ?? null,
      tenantId,
    });
    await recordActing(ctx.db, {
      event: 'switch',
      actor: auth,
      target: { accountId: target.id, account: target.account },
      reason: body.reason,
      tenantId: tenantId ?? null,
      familyId,
      ip: ctx.request.ip,
    });
    await recordActingStart(ctx.db, {
      actorAccount: auth.account,
      target: { accountId: target.id, account: target.account },
      tenantId,
      familyId,
      reason: body.reason,
      ip: ctx.request.ip,
    });
    return token;
  },

  'authentication.switch.exit': async (ctx) => {
    const auth = authOf(ctx);
    const actor = auth.actor;
    if (!actor) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.switch.notActing');
    const body = ctx.body;
    if (body.token !== undefined && body.token !== bearerToken(ctx.request))
      throw new ApiError(Code.ILLEGAL_TOKEN);
    if (auth.familyId) await revokeFamily(ctx.db, auth.familyId, 'switch-exit');
    await recordActing(ctx.db, {
      event: 'exit',
      actor,
      target: { accountId: auth.accountId, account: auth.account },
      tenantId: auth.tenantId,
      familyId: auth.familyId ?? null,
      ip: ctx.request.ip,
    });
    await recordActingEnd(ctx.db, {
      actorAccount: actor.account,
      target: { accountId: auth.accountId, account: auth.account },
      tenantId: auth.tenantId,
      familyId: auth.familyId,
      endReason: 'switch-exit',
      ip: ctx.request.ip,
    });
    // Back to the actor's own login: it must still be alive (not logged out, password unchanged…).
    const origin = actor.familyId
      ? await ctx.db
          .selectFrom('platform.session_family')
          .select(['id', 'revoked_at', 'account_id'])
          .where('id', '=', actor.familyId)
          .executeTakeFirst()
      : undefined;
    const actorAccount = await accountById(ctx.db, actor.accountId);
    if (
      !origin ||
      origin.revoked_at ||
      origin.account_id !== actor.accountId ||
      actorAccount?.status !== 'actived'
    ) {
      throw new ApiError(Code.ILLEGAL_TOKEN, 'auth.switch.originEnded');
    }
    const last = await ctx.db
      .selectFrom('platform.session')
      .select(['tenant_id', 'system_id'])
      .where('family_id', '=', origin.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const { token } = await issueSessionInFamily(ctx.db, actor.accountId, ctx.config.accessTokenTtl, {
      ...sessionMeta(ctx),
      familyId: origin.id,
      tenantId: last?.tenant_id ?? undefined,
      systemId: last?.system_id ?? undefined,
    });
    return token;
  },
});
