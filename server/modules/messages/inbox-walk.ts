/**
 * The inbox's first pages without building the whole inbox (issue 14: p99 ≤ 50 ms for a user with
 * 10,000 messages). The general inbox query (recipients.ts inboxOf) joins every message of the caller
 * to sort them; for the usual request (newest first, no filter but read/unread) this walks the
 * message index newest first instead and checks each message against the caller's targets and state
 * rows (primary-key look-ups), stopping at the page's end:
 *  - the count reads only the target and state indexes (no message row),
 *  - the pinned announcements (unread bulletins) walk the (message_type, created_at) index,
 *  - the rest walk the (created_at, id) index.
 * A walk reads about (offset + limit) × (messages in the tenant / messages of the caller) rows, so it
 * is used only while that stays small (WALK_LIMIT); a caller who receives a small share of a large
 * tenant's messages gets the general query, which is cheap for them.
 */
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { ListRequest, Total } from '../../http/list-types.ts';
import type { Space } from '../people/common.ts';
import { MESSAGE_COLUMNS, type MessageRow } from './common.ts';
import { notRemovedBy, readBy, type Receiver } from './recipients.ts';

/** The most message rows a walk is expected to read before the general query is cheaper. */
export const WALK_LIMIT = 5_000;
/**
 * Inboxes up to this size are counted exactly (the count reads index entries only, no message row);
 * a larger one shows the planner's estimate, at least this many (totalExact: false).
 */
export const INBOX_EXACT_LIMIT = 50_000;

type Eb = ExpressionBuilder<Database & { m: Database['message'] }, 'm'>;

/**
 * The caller's inbox as message ids only (targets and state rows, no message row): for counting.
 * `read`: only read (true) or unread (false) messages.
 */
export function inboxIds(space: Space, r: Receiver, read: boolean | undefined) {
  const mine = space
    .selectFrom('message_target')
    .select('message_id')
    .where('target_key', 'in', r.keys)
    .union(space.selectFrom('message_receiver').select('message_id').where('receiver_id', 'in', r.ids));
  const state = (eb: ExpressionBuilder<any, any>, extra: (q: any) => any) =>
    eb.exists(
      extra(
        eb
          .selectFrom('message_receiver as s')
          .select('s.message_id')
          .whereRef('s.message_id', '=', 'mine.message_id')
          .where('s.receiver_id', 'in', r.ids),
      ),
    );
  let q = space
    .selectFrom(mine.as('mine'))
    .where((eb) => eb.not(state(eb, (s) => s.where('s.removed', '=', true))));
  if (read !== undefined)
    q = q.where((eb) => {
      const isRead = state(eb, (s) => s.where('s.read_at', 'is not', null));
      return read ? isRead : eb.not(isRead);
    });
  return q;
}

/** The caller's inbox size (with the read filter): exact up to `cap` (default INBOX_EXACT_LIMIT). */
export async function countInbox(
  space: Space,
  r: Receiver,
  read: boolean | undefined,
  cap = INBOX_EXACT_LIMIT,
): Promise<Total> {
  const ids = inboxIds(space, r, read);
  const row = await space
    .selectFrom(
      ids
        .select(sql.lit(1).as('one'))
        .limit(cap + 1)
        .as('c'),
    )
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  if (row.n <= cap) return { total: row.n, exact: true };
  const [plan] = await ids.select(sql.lit(1).as('one')).explain<Record<string, unknown>>('json');
  let p = plan?.['QUERY PLAN'];
  if (typeof p === 'string') p = JSON.parse(p);
  const est = Number((p as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows']);
  return { total: Math.max(row.n, Number.isFinite(est) ? Math.round(est) : 0), exact: false };
}

/** Whether walking is cheap for a caller with `mine` messages in a tenant of `all`. */
export function walkPays(mine: number, all: number, upTo: number): boolean {
  if (mine <= 0) return true;
  return (upTo * Math.max(all, mine)) / mine <= WALK_LIMIT;
}

/**
 * Message `m` reaches the receiver (as recipients.ts receivedBy), as one EXISTS over a UNION ALL: the
 * planner then looks up each message walked by primary key instead of first hashing all the caller's
 * message ids (which it does for an OR of two EXISTS, and which costs what the walk saves).
 */
const reachedBy = (r: Receiver) => (eb: Eb) =>
  eb.exists(
    eb
      .selectFrom('message_target as t')
      .select(sql.lit(1).as('x'))
      .whereRef('t.message_id', '=', 'm.id')
      .where('t.target_key', 'in', r.keys)
      .unionAll(
        eb
          .selectFrom('message_receiver as s')
          .select(sql.lit(1).as('x'))
          .whereRef('s.message_id', '=', 'm.id')
          .where('s.receiver_id', 'in', r.ids),
      ),
  );

/** One walk: the caller's messages matching `where`, newest first, at most `n` (ids and sort keys). */
function walk(
  space: Space,
  r: Receiver,
  n: number,
  pinned: boolean,
  where: (eb: Eb) => ReturnType<Eb['and']>,
) {
  return space
    .selectFrom('message as m')
    .select(['m.id', 'm.created_at', sql<boolean>`${sql.lit(pinned)}`.as('pinned')])
    .where(reachedBy(r))
    .where(notRemovedBy(r))
    .where(where)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'asc')
    .limit(n);
}

export interface WalkPage {
  rows: (MessageRow & { read_flag: boolean; pinned: boolean })[];
  total: Total;
}

/**
 * The inbox page (unread announcements first, then newest first) by walking, or undefined when the
 * general query is the cheaper one for this caller.
 */
export async function walkInbox(
  space: Space,
  r: Receiver,
  opts: {
    schema: string;
    read: boolean | undefined;
    offset: number;
    limit: number;
    req: ListRequest;
    pinFirst: boolean;
    /** Count without a cap (the bell's badge is exact). */
    exact?: boolean;
  },
): Promise<WalkPage | undefined> {
  const upTo = opts.offset + opts.limit;
  const [total, all] = await Promise.all([
    knownTotal(opts.req) ??
      countInbox(space, r, opts.read, opts.exact ? Number.MAX_SAFE_INTEGER - 1 : INBOX_EXACT_LIMIT),
    tenantMessagesOf(space, opts.schema),
  ]);
  if (!walkPays(total.total, all, upTo)) return undefined;
  if (total.total === 0 || opts.offset >= total.total) return { rows: [], total };
  const isRead = (eb: Eb) => readBy(r)(eb);
  const readFilter = (eb: Eb) =>
    opts.read === undefined ? eb.and([]) : opts.read ? isRead(eb) : eb.not(isRead(eb));
  const branches: SelectQueryBuilder<any, any, any>[] = [];
  if (opts.pinFirst && opts.read !== true) {
    // Unread announcements: a walk over the bulletins only.
    branches.push(
      walk(space, r, upTo, true, (eb) => eb.and([eb('m.message_type', '=', 'bulletin'), eb.not(isRead(eb))])),
    );
    branches.push(
      walk(space, r, upTo, false, (eb) =>
        eb.and([readFilter(eb), eb.or([eb('m.message_type', '<>', 'bulletin'), isRead(eb)])]),
      ),
    );
  } else {
    branches.push(walk(space, r, upTo, false, (eb) => readFilter(eb)));
  }
  // Each walk keeps its own order and limit inside a sub-select; the page is the union's first rows.
  let picked = space.selectFrom(branches[0].as('w0')).selectAll();
  if (branches[1]) picked = picked.unionAll(space.selectFrom(branches[1].as('w1')).selectAll());
  const rows = await space
    .selectFrom(picked.as('p'))
    .innerJoin('message as m', 'm.id', 'p.id')
    .select([...MESSAGE_COLUMNS])
    .select('p.pinned')
    // A scalar sub-select per row of the page (an EXISTS here would hash all the caller's state rows).
    .select((eb) =>
      eb
        .selectFrom('message_receiver as s')
        .select(sql<boolean>`max(s.read_at) is not null`.as('x'))
        .whereRef('s.message_id', '=', 'm.id')
        .where('s.receiver_id', 'in', r.ids)
        .as('read_flag'),
    )
    .orderBy('p.pinned', 'desc')
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'asc')
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
  return { rows: rows as WalkPage['rows'], total };
}

/** A later page may carry the total the client already has (as list-count.ts countOf). */
function knownTotal(req: ListRequest): Total | undefined {
  const known = req.requestPage?.totalCount;
  if (known !== undefined && known >= 0 && (req.requestPage?.pageNo ?? 1) > 1)
    return { total: known, exact: req.requestPage?.totalExact !== false };
  return undefined;
}

/** The tenant's message count as the planner knows it (pg_class.reltuples; -1 before any analyse). */
async function tenantMessagesOf(space: Space, schema: string): Promise<number> {
  const r = await sql<{ n: number }>`
    select greatest(c.reltuples, 0)::float8 as n
      from pg_class c where c.oid = to_regclass(quote_ident(${schema}) || '.message')`.execute(space);
  return Number(r.rows[0]?.n ?? 0);
}
