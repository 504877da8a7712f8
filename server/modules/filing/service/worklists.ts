/**
 * The authority's worklists over every tenant's cases: each is one query on the shared filing schema
 * (state and clock indexes), never a union over tenant schemas.
 */
import { sql } from 'kysely';
import { has, requirePermission, type Actor } from '../actor.ts';
import { addDays, chinaDate, daysBetween } from '../dates.ts';
import type { CaseState } from '../tables.ts';
import type { FilingContext } from './context.ts';
import { oneOf } from './input.ts';
import { calendarGap, coveredYears } from './calendar-service.ts';
import { views } from './rows.ts';
import { MAX_WORKLIST_PAGE_SIZE, pageSizeOf } from './page-size.ts';

export const WORKLISTS = [
  'awaitingCheck',
  'awaitingSupplement',
  'supplementLapsed',
  'phaseI',
  'phaseII',
  'suspended',
  'withdrawalPending',
  'dueSoon',
  'overdue',
  'mine',
  'myPending',
  'myHandled',
  'unassigned',
  'decided',
  'delegated',
  'transferred',
  'revoke',
  'proposals',
] as const;

/** States in which a case waits for the authority (office items: 待办). */
const OPEN_STATES: CaseState[] = [
  'SUBMITTED',
  'AWAITING_SUPPLEMENT',
  'PHASE_I',
  'PHASE_II',
  'SUSPENDED',
  'WITHDRAWAL_PENDING',
];
export type Worklist = (typeof WORKLISTS)[number];

/** "Due within 5 days". */
export const DUE_SOON_DAYS = 5;

export interface WorklistQuery {
  /** As sent: one of WORKLISTS, else the call is refused. */
  list: string;
  divisionId?: string;
  page?: number;
  size?: number;
}

/**
 * The case has a proposed decision (拟办意见) of its delegated reviewer waiting for `accountId`, the lead
 * who delegated it (service/proposals.ts): 待办 and 拟办 both list such cases.
 */
function proposalWaitingFor(accountId: string) {
  return sql<boolean>`exists (select 1 from filing.proposal p
    where p.case_id = c.id and p.state = 'PENDING' and p.lead_account_id = ${accountId})`;
}

export async function worklist(ctx: FilingContext, actor: Actor, query: WorklistQuery) {
  requirePermission(actor, 'review:read');
  const today = chinaDate(ctx.now());
  const size = pageSizeOf(query.size, MAX_WORKLIST_PAGE_SIZE);
  const page = Math.max(query.page ?? 1, 1);

  // The clock that matters now: the running or stopped phase/supplement clock with the earliest due date.
  let q = ctx.db
    .selectFrom('filing.case as c')
    .innerJoin('platform.tenant as t', 't.id', 'c.owner_tenant_id')
    .leftJoin('platform.account as h', 'h.id', 'c.handler_account_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('filing.clock as k')
          .select([
            'k.kind as clock_kind',
            'k.due_on',
            'k.nominal_due_on',
            'k.state as clock_state',
            'k.lapse_flagged_at',
          ])
          .whereRef('k.case_id', '=', 'c.id')
          .where('k.state', 'in', ['RUNNING', 'STOPPED', 'LAPSED'])
          .where('k.kind', '<>', 'NOTICE')
          .orderBy(sql`case when k.state = 'LAPSED' then 1 else 0 end`)
          .orderBy('k.due_on')
          .limit(1)
          .as('k'),
      (join) => join.onTrue(),
    )
    .where('c.state', '<>', 'DRAFT');
  // A delegated reviewer's lists hold the cases it handles (access.ts).
  if (!has(actor, 'review:allCases')) q = q.where('c.handler_account_id', '=', actor.accountId);

  switch (oneOf(query.list, 'list', WORKLISTS, true)) {
    case 'awaitingCheck':
      q = q.where('c.state', '=', 'SUBMITTED');
      break;
    case 'awaitingSupplement':
      q = q.where('c.state', '=', 'AWAITING_SUPPLEMENT');
      break;
    case 'supplementLapsed':
      q = q.where('c.state', '=', 'AWAITING_SUPPLEMENT').where('k.clock_state', '=', 'LAPSED');
      break;
    case 'phaseI':
      q = q.where('c.state', '=', 'PHASE_I');
      break;
    case 'phaseII':
      q = q.where('c.state', '=', 'PHASE_II');
      break;
    case 'suspended':
      q = q.where('c.state', '=', 'SUSPENDED');
      break;
    case 'withdrawalPending':
      q = q.where('c.state', '=', 'WITHDRAWAL_PENDING');
      break;
    case 'dueSoon':
      q = q
        .where('k.clock_state', '=', 'RUNNING')
        .where('k.due_on', '>=', today)
        .where('k.due_on', '<=', addDays(today, DUE_SOON_DAYS));
      break;
    case 'overdue':
      q = q.where((e) =>
        e.or([
          e.and([e('k.clock_state', '=', 'RUNNING'), e('k.due_on', '<', today)]),
          e('k.lapse_flagged_at', 'is not', null),
        ]),
      );
      q = q.where('c.state', 'in', [
        'AWAITING_SUPPLEMENT',
        'PHASE_I',
        'PHASE_II',
        'WITHDRAWAL_PENDING',
        'SUSPENDED',
      ]);
      break;
    case 'mine':
      q = q.where('c.handler_account_id', '=', actor.accountId);
      break;
    case 'myPending':
      // 待办: open cases I handle, and delegated cases whose proposed decision waits for me (the lead).
      q = q
        .where('c.state', 'in', OPEN_STATES)
        .where((e) =>
          e.or([e('c.handler_account_id', '=', actor.accountId), proposalWaitingFor(actor.accountId)]),
        );
      break;
    case 'myHandled':
      // 已办: cases in which the actor made a move (any transition, assignment included).
      q = q.where((e) =>
        e.exists(
          e
            .selectFrom('filing.transition as x')
            .select('x.id')
            .whereRef('x.case_id', '=', 'c.id')
            .where('x.actor_account_id', '=', actor.accountId),
        ),
      );
      break;
    case 'unassigned':
      q = q
        .where('c.handler_account_id', 'is', null)
        .where('c.state', 'in', ['SUBMITTED', 'AWAITING_SUPPLEMENT', 'PHASE_I', 'PHASE_II', 'SUSPENDED']);
      break;
    case 'decided':
      q = q.where('c.decision', 'is not', null);
      break;
    case 'delegated':
      // 委托: cases delegated to a provincial bureau (delegated_region set by filing.case.assign) that I
      // review as the delegated reviewer (I am the handler), or that I delegated (my assignment set the
      // region). A delegation a later assignment ended is no longer listed.
      q = q.where('c.delegated_region', 'is not', null).where((e) =>
        e.or([
          e('c.handler_account_id', '=', actor.accountId),
          e.exists(
            e
              .selectFrom('filing.transition as x')
              .select('x.id')
              .whereRef('x.case_id', '=', 'c.id')
              .where('x.actor_account_id', '=', actor.accountId)
              .where('x.action', 'in', ['assign', 'reassign'])
              .where(sql<boolean>`x.detail->>'delegatedRegion' is not null`),
          ),
        ]),
      );
      break;
    case 'proposals':
      // 拟办: delegated cases whose delegated reviewer proposed a decision that waits for me, the lead
      // who delegated the case (service/proposals.ts).
      q = q.where(proposalWaitingFor(actor.accountId));
      break;
    case 'transferred':
      // 转办: cases reassigned away from me — a reassignment in the case's history whose previous handler
      // was me — and not (again) mine now.
      q = q
        .where((e) =>
          e.exists(
            e
              .selectFrom('filing.transition as x')
              .select('x.id')
              .whereRef('x.case_id', '=', 'c.id')
              .where('x.action', '=', 'reassign')
              .where(sql<boolean>`x.detail->>'handlerBefore' = ${actor.accountId}`),
          ),
        )
        .where((e) =>
          e.or([e('c.handler_account_id', 'is', null), e('c.handler_account_id', '<>', actor.accountId)]),
        );
      break;
    case 'revoke':
      // 撤回: cases with a withdrawal request (pending, consented or refused) that I handle as 主办人 or
      // whose request I decided (consented to or refused).
      q = q.where((e) =>
        e.exists(
          e
            .selectFrom('filing.withdrawal as w')
            .select('w.id')
            .whereRef('w.case_id', '=', 'c.id')
            .where((w) =>
              w.or([
                w('c.handler_account_id', '=', actor.accountId),
                w('w.decided_by', '=', actor.accountId),
              ]),
            ),
        ),
      );
      break;
  }
  if (query.divisionId) q = q.where('c.division_id', '=', query.divisionId);

  const [rows, total] = await Promise.all([
    q
      .select([
        'c.id',
        'c.case_no',
        'c.title',
        'c.procedure',
        'c.state',
        'c.submitted_at',
        'c.accepted_on',
        'c.decided_on',
        'c.division_id',
        'c.division_name',
        'c.delegated_region',
        'c.updated_at',
        't.name as owner_name',
        'h.fullname as handler_name',
        'k.clock_kind',
        'k.due_on',
        'k.nominal_due_on',
        'k.clock_state',
        // A pending 拟办意见 (the proposed decision), shown in every list of the authority.
        (e) =>
          e
            .selectFrom('filing.proposal as p')
            .select('p.action')
            .whereRef('p.case_id', '=', 'c.id')
            .where('p.state', '=', 'PENDING')
            .limit(1)
            .as('proposed_action'),
      ])
      .orderBy(sql`k.due_on asc nulls last`)
      .orderBy('c.updated_at', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // Days left to the due date that matters now (negative: overdue), counted in China days; and whether
  // that date lies in a year the holiday calendar does not hold yet (a holiday there is not counted).
  const covered = await coveredYears(ctx.db);
  const withDaysLeft = views(rows as Record<string, unknown>[]).map((r): Record<string, unknown> => ({
    ...r,
    daysLeft: typeof r.dueOn === 'string' ? daysBetween(today, r.dueOn) : null,
    calendarNote:
      typeof r.dueOn === 'string' && !covered.has(Number(r.dueOn.slice(0, 4))) ? 'UNCOVERED' : null,
  }));
  return { rows: withDaysLeft, total: Number(total.n), page, size };
}

/** Figures for the deadline dashboard: cases by state, due this week, average days to acceptance and decision, by division. */
export async function dashboard(ctx: FilingContext, actor: Actor) {
  requirePermission(actor, 'review:read');
  const today = chinaDate(ctx.now());
  // A delegated reviewer's figures count the cases it handles, as its worklists do (access.ts).
  const own = has(actor, 'review:allCases') ? null : actor.accountId;
  const [byState, dueThisWeek, averages, dueDates, covered] = await Promise.all([
    ctx.db
      .selectFrom('filing.case')
      .select(['state', 'division_name', (e) => e.fn.countAll<number>().as('n')])
      .where('state', '<>', 'DRAFT')
      .$if(own !== null, (q) => q.where('handler_account_id', '=', own!))
      .groupBy(['state', 'division_name'])
      .execute(),
    ctx.db
      .selectFrom('filing.clock')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('state', '=', 'RUNNING')
      .where('kind', 'in', ['PHASE_I', 'PHASE_II', 'SUPPLEMENT'])
      .where('due_on', '>=', today)
      .where('due_on', '<=', addDays(today, 7))
      .$if(own !== null, (q) =>
        q.where('case_id', 'in', (e) =>
          e.selectFrom('filing.case').select('id').where('handler_account_id', '=', own!),
        ),
      )
      .executeTakeFirstOrThrow(),
    sql<{ division_name: string | null; to_acceptance: number | null; to_decision: number | null }>`
      select division_name,
        avg(accepted_on - (submitted_at at time zone 'Asia/Shanghai')::date)::float8 as to_acceptance,
        avg(decided_on - accepted_on)::float8 as to_decision
      from filing."case" where submitted_at is not null
        and (${own}::text is null or handler_account_id = ${own}::text)
      group by division_name`.execute(ctx.db),
    // Running or stopped due dates, for the warning about years the holiday calendar does not hold.
    ctx.db
      .selectFrom('filing.clock')
      .select(['case_id', 'state', 'due_on'])
      .where('state', 'in', ['RUNNING', 'STOPPED'])
      .$if(own !== null, (q) =>
        q.where('case_id', 'in', (e) =>
          e.selectFrom('filing.case').select('id').where('handler_account_id', '=', own!),
        ),
      )
      .execute(),
    coveredYears(ctx.db),
  ]);
  return {
    byState: byState.map((r) => ({ state: r.state, division: r.division_name, count: Number(r.n) })),
    dueThisWeek: Number(dueThisWeek.n),
    averages: averages.rows.map((r) => ({
      division: r.division_name,
      daysToAcceptance: r.to_acceptance === null ? null : Math.round(r.to_acceptance * 10) / 10,
      daysToDecision: r.to_decision === null ? null : Math.round(r.to_decision * 10) / 10,
    })),
    calendarGap: calendarGap(dueDates, covered),
  };
}
