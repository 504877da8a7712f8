/**
 * filing.audit.query and filing.audit.verify: the filing audit log (server/modules/filing/audit.ts) for the
 * authority's audit:read holders — a page of entries in words, and the walk of the whole chain that
 * `npm run audit:verify` makes. The catalogue checks audit:read (it counts only in the authority tenant);
 * the handlers refuse any other tenant's session again, as the filing service does for review:*.
 */
import { verifyAuditChain } from './audit.ts';
import { denied, has, isAuthority } from './actor.ts';
import { defineHandlers, type HandlerContext } from '../../http/handler.ts';
import type { ListSpec } from '../../http/list-query.ts';
import { formatDateTime, listPage } from '../people/common.ts';
import { actorOf } from './actor-of.ts';
import { auditDetailText, auditObjectText } from './audit-detail.ts';

const AUDIT_LIST: ListSpec = {
  filters: {
    caseId: ['a.case_id', 'eq'],
    caseNo: ['c.case_no', 'like'],
    action: ['a.action', 'eq'],
    actor: ['a.actor_search', 'like'],
    createTimeFrom: ['a.at', 'dateFrom'],
    createTimeTo: ['a.at', 'dateTo'],
  },
  sorts: { seq: 'a.seq', at: 'a.seq' },
  defaultSort: [['a.seq', 'desc']],
};

async function requireAuditReader(ctx: HandlerContext): Promise<void> {
  const actor = await actorOf(ctx);
  if (!isAuthority(actor) || !has(actor, 'audit:read')) throw denied('audit:read');
}

interface StoredEntry {
  seq: number | string;
  at: Date | string;
  action: string;
  actorAccount: string | null;
  actorName: string | null;
  actorTenantName: string | null;
  caseId: string | null;
  caseNo: string | null;
  caseTitle: string | null;
  objectType: string | null;
  objectId: string | null;
  detail: unknown;
  hash: string;
}

export const auditTrailHandlers = defineHandlers({
  'filing.audit.query': async (ctx) => {
    await requireAuditReader(ctx);
    // The actor filter matches the account name or the person's name: one text column built in a
    // sub-select, so the list-request filter stays a plain column filter.
    const base = ctx.db
      .selectFrom((db) =>
        db
          .selectFrom('filing.audit_log as l')
          .leftJoin('platform.account as acc', 'acc.id', 'l.actor_account_id')
          .selectAll('l')
          .select((eb) =>
            eb
              .fn<string>('concat_ws', [eb.val(' '), eb.ref('acc.account'), eb.ref('acc.fullname')])
              .as('actor_search'),
          )
          .as('a'),
      )
      .leftJoin('filing.case as c', 'c.id', 'a.case_id');
    const page = await listPage<StoredEntry>(
      base,
      (q) =>
        q
          .leftJoin('platform.account as acc', 'acc.id', 'a.actor_account_id')
          .leftJoin('platform.tenant as t', 't.id', 'a.actor_tenant_id')
          .select([
            'a.seq',
            'a.at',
            'a.action',
            'acc.account as actorAccount',
            'acc.fullname as actorName',
            't.name as actorTenantName',
            'a.case_id as caseId',
            'c.case_no as caseNo',
            'c.title as caseTitle',
            'a.object_type as objectType',
            'a.object_id as objectId',
            'a.detail',
            'a.hash',
          ]),
      AUDIT_LIST,
      ctx.body,
    );
    return {
      ...page,
      dataResult: page.dataResult.map((r) => ({
        seq: Number(r.seq),
        at: formatDateTime(r.at) ?? '',
        action: r.action,
        actorAccount: r.actorAccount,
        actorName: r.actorName,
        actorTenantName: r.actorTenantName,
        caseId: r.caseId,
        caseNo: r.caseNo,
        caseTitle: r.caseTitle,
        objectType: r.objectType,
        objectId: r.objectId,
        object: auditObjectText(ctx.lang, r.objectType, r.objectId, r.caseNo, r.caseTitle),
        detail: auditDetailText(ctx.lang, typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail),
        hash: r.hash.slice(0, 12),
      })),
    };
  },

  'filing.audit.verify': async (ctx) => {
    await requireAuditReader(ctx);
    const result = await verifyAuditChain(ctx.db);
    const b = result.firstBroken;
    return {
      ok: result.ok,
      checked: result.checked,
      firstBroken: b
        ? { seq: b.seq, at: formatDateTime(b.at) ?? b.at, action: b.action, reason: b.problem }
        : null,
    };
  },
});
