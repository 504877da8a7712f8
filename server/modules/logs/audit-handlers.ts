/**
 * log/login/query and log/operation/query: the login and operation logs (server/audit/), newest first. A
 * holder of log:read reads the rows of the session's tenant only; the super user reads every tenant's
 * (tenantId narrows them, an empty tenantId parameter is ignored).
 */
import type { LoginLogEntry, OperationLogEntry } from '../../../schemas/generated/operations.ts';
import { authOf, defineHandlers, type ListContext } from '../../http/handler.ts';
import type { ListRequest, ListSpec } from '../../http/list-query.ts';
import { formatDateTime, listPage } from '../people/common.ts';
import '../../auth/permission-tables.ts';
import { hasText, translate, type Language } from '../../http/i18n.ts';

const COMMON_FILTERS: ListSpec['filters'] = {
  account: ['l.account', 'like'],
  outcome: ['l.outcome', 'eq'],
  tenantId: ['l.tenant_id', 'eq'],
  createTimeFrom: ['l.created_at', 'dateFrom'],
  createTimeTo: ['l.created_at', 'dateTo'],
};

const LOGIN_LIST: ListSpec = {
  filters: { ...COMMON_FILTERS, event: ['l.event', 'eq'], ip: ['l.ip', 'like'] },
  sorts: { createTime: 'l.created_at', account: 'l.account' },
  defaultSort: [['l.id', 'desc']],
};

const OPERATION_LIST: ListSpec = {
  filters: { ...COMMON_FILTERS, operationId: ['l.operation_id', 'like'], ip: ['l.ip', 'like'] },
  sorts: { createTime: 'l.created_at', account: 'l.account', operationId: 'l.operation_id' },
  defaultSort: [['l.id', 'desc']],
};

/** The request with the tenant filter only the super user may set. */
function scoped(ctx: ListContext): ListRequest {
  const req = ctx.body;
  const auth = authOf(ctx);
  if (auth.isSuper) return req;
  return { ...req, parameters: (req.parameters ?? []).filter((p) => p.key !== 'tenantId') };
}

/** A log row as read, before its time stamp is formatted. */
type Stored<T extends { createTime: unknown }> = Omit<T, 'createTime' | 'actingStartTime'> & {
  createTime: Date;
  actingStartTime?: Date | null;
};

/** The tenant a log query may read: all for the super user, else the session's. */
function tenantOf(ctx: ListContext): string | null {
  const auth = authOf(ctx);
  return auth.isSuper ? null : (auth.tenantId ?? '');
}

/**
 * Why a sign-in was refused, in the reader's language: the stored reason (the error's cause, e.g. locked,
 * or the last part of its message key) when it has a label, else the text of the answer's code.
 */
function failureReason(lang: Language, reason?: string | null, code?: number | string | null): string | null {
  if (reason && hasText(`audit.loginFailure.${reason}`))
    return translate(lang, `audit.loginFailure.${reason}`);
  if (code != null && hasText(`error.code.${code}`)) return translate(lang, `error.code.${code}`);
  return reason ?? null;
}

export const auditHandlers = defineHandlers({
  'log.login.query': async (ctx) => {
    const tenantId = tenantOf(ctx);
    let base = ctx.db.selectFrom('platform.login_log as l');
    if (tenantId !== null) base = base.where('l.tenant_id', '=', tenantId);
    const page = await listPage<Stored<LoginLogEntry>>(
      base,
      (q) =>
        q
          .leftJoin('platform.tenant as t', 't.id', 'l.tenant_id')
          .select([
            'l.id',
            'l.tenant_id as tenantId',
            't.name as tenantName',
            'l.account',
            'l.event',
            'l.outcome',
            'l.grant_type as grantType',
            'l.code',
            'l.reason',
            'l.actor_account as actorAccount',
            'l.acting_reason as actingReason',
            'l.acting_started_at as actingStartTime',
            'l.ip',
            'l.created_at as createTime',
          ]),
      LOGIN_LIST,
      scoped(ctx),
    );
    return {
      ...page,
      dataResult: page.dataResult.map((r) => ({
        ...r,
        createTime: formatDateTime(r.createTime),
        actingStartTime: formatDateTime(r.actingStartTime),
        reason: r.outcome === 'failure' ? failureReason(ctx.lang, r.reason, r.code) : r.reason,
      })),
    };
  },

  'log.operation.query': async (ctx) => {
    const tenantId = tenantOf(ctx);
    let base = ctx.db.selectFrom('platform.operation_log as l');
    if (tenantId !== null) base = base.where('l.tenant_id', '=', tenantId);
    const page = await listPage<Stored<OperationLogEntry>>(
      base,
      (q) =>
        q
          .leftJoin('platform.tenant as t', 't.id', 'l.tenant_id')
          .select([
            'l.id',
            'l.tenant_id as tenantId',
            't.name as tenantName',
            'l.account',
            'l.actor_account as actorAccount',
            'l.operation_id as operationId',
            'l.method',
            'l.outcome',
            'l.code',
            'l.target',
            'l.acting_reason as actingReason',
            'l.ip',
            'l.created_at as createTime',
          ]),
      OPERATION_LIST,
      scoped(ctx),
    );
    return {
      ...page,
      dataResult: page.dataResult.map((r) => ({ ...r, createTime: formatDateTime(r.createTime) })),
    };
  },
});
