/**
 * The filer side's office items (办公事项) beyond its case list: 委托 (agent authorisations) and 撤回
 * (withdrawals). Each is one query over the caller's active memberships (membership_tenant_idx), the same
 * standing `cases.listMyCases` uses; the authority's office items are worklists (worklists.ts).
 */
import { sql } from 'kysely';
import { denied, FilingError, requirePermission, type Actor } from '../actor.ts';
import type { FilingContext } from './context.ts';
import { views } from './rows.ts';

export const FILER_OFFICE_VIEWS = ['delegated', 'revoke'] as const;
export type FilerOfficeView = (typeof FILER_OFFICE_VIEWS)[number];

export interface OfficeQuery {
  view: FilerOfficeView;
  page?: number;
  size?: number;
}

/**
 * - `delegated` (委托): filings of my tenant on which an agent is authorised to act for it (I authorised
 *   an agent: `delegation` AUTHORISED, `counterpart` the agents' names), and filings my tenant acts on as
 *   the authorised agent (`delegation` AGENT_FOR, `counterpart` the principal's name). Only active
 *   authorisations count; a revoked one drops out.
 * - `revoke` (撤回): filings I take part in that carry a withdrawal request, with the latest request's
 *   state (PENDING, CONSENTED — the filing is withdrawn —, REFUSED), dates and reason.
 */
export async function officeItems(ctx: FilingContext, actor: Actor, query: OfficeQuery) {
  requirePermission(actor, 'filing:read');
  if (actor.tenantKind === 'authority') throw denied('filing:read');
  if (!FILER_OFFICE_VIEWS.includes(query.view)) throw new FilingError('invalidValue', { field: 'view' });
  const size = Math.min(Math.max(query.size ?? 20, 1), 100);
  const page = Math.max(query.page ?? 1, 1);
  const me = actor.tenantId;

  let q = ctx.db
    .selectFrom('filing.membership as m')
    .innerJoin('filing.case as c', 'c.id', 'm.case_id')
    .where('m.tenant_id', '=', me)
    .where('m.status', '=', 'ACTIVE')
    .where((e) => e.or([e('m.account_id', 'is', null), e('m.account_id', '=', actor.accountId)]));

  const base = ['c.id', 'c.case_no', 'c.title', 'c.procedure', 'c.state', 'c.updated_at', 'm.role'] as const;

  if (query.view === 'delegated') {
    q = q.where((e) =>
      e.or([
        e('m.role', '=', 'AGENT'),
        e.exists(
          e
            .selectFrom('filing.membership as a')
            .select('a.id')
            .whereRef('a.case_id', '=', 'c.id')
            .where('a.role', '=', 'AGENT')
            .where('a.status', '=', 'ACTIVE')
            .where('a.on_behalf_of_tenant_id', '=', me),
        ),
      ]),
    );
    const [rows, total] = await Promise.all([
      q
        .select([
          ...base,
          sql<string>`case when m.role = 'AGENT' then 'AGENT_FOR' else 'AUTHORISED' end`.as('delegation'),
          sql<string | null>`case when m.role = 'AGENT'
            then (select p.name from platform.tenant p where p.id = m.on_behalf_of_tenant_id)
            else (select string_agg(t.name, '、' order by a.created_at)
                    from filing.membership a join platform.tenant t on t.id = a.tenant_id
                   where a.case_id = c.id and a.role = 'AGENT' and a.status = 'ACTIVE'
                     and a.on_behalf_of_tenant_id = ${me}) end`.as('counterpart'),
          sql<Date | null>`case when m.role = 'AGENT' then m.created_at
            else (select max(a.created_at) from filing.membership a
                   where a.case_id = c.id and a.role = 'AGENT' and a.status = 'ACTIVE'
                     and a.on_behalf_of_tenant_id = ${me}) end`.as('delegated_at'),
        ])
        .orderBy('c.updated_at', 'desc')
        .limit(size)
        .offset((page - 1) * size)
        .execute(),
      q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: views(rows), total: Number(total.n), page, size };
  }

  // revoke: the latest withdrawal request of each filing I take part in.
  const withdrawn = q.innerJoinLateral(
    (eb) =>
      eb
        .selectFrom('filing.withdrawal as w')
        .select([
          'w.state as withdrawal_state',
          'w.reason as withdrawal_reason',
          'w.requested_at',
          'w.decided_at',
          'w.decision_reason',
        ])
        .whereRef('w.case_id', '=', 'c.id')
        .orderBy('w.requested_at', 'desc')
        .limit(1)
        .as('w'),
    (join) => join.onTrue(),
  );
  const [rows, total] = await Promise.all([
    withdrawn
      .select([
        ...base,
        'w.withdrawal_state',
        'w.withdrawal_reason',
        'w.requested_at',
        'w.decided_at',
        'w.decision_reason',
      ])
      .orderBy('w.requested_at', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    withdrawn.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: views(rows), total: Number(total.n), page, size };
}
