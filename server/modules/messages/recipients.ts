/**
 * Who the caller is as a receiver, and which messages reach them. A message names its receivers as
 * targets (message_target.target_key):
 *   'all'               everyone in the tenant
 *   'user:<id>'         one person (employee id; account ids also match, for messages written before)
 *   'org:<id>'          everyone in that organisation or below it
 *   'position:<id>'     everyone holding that position
 *   'group:<id>'        everyone in that user group or in a group below it
 * A caller's keys are computed once per request (a handful of rows), so "is this message mine" is an
 * index lookup on (target_key, message_id), whatever the size of the audience.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/tables.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { authOf } from '../../http/handler.ts';
import type { Space } from '../people/common.ts';

export interface Caller {
  /** The account id: the key of the caller's state rows and of messages they send. */
  accountId: string;
  employeeId: string | null;
  name: string;
  /** Ids a receiver or owner column may carry for the caller (account id, employee id). */
  ids: string[];
}

export const TARGET_ALL = 'all';
export type TargetKind = 'user' | 'org' | 'position' | 'group';
export const targetKey = (kind: TargetKind, id: string) => `${kind}:${id}`;

export async function callerOf(ctx: HandlerContext, space: Space): Promise<Caller> {
  const auth = authOf(ctx);
  const employee = await space
    .selectFrom('employee')
    .select(['id', 'name'])
    .where('account', '=', auth.account)
    .executeTakeFirst();
  return {
    accountId: auth.accountId,
    employeeId: employee?.id ?? null,
    name: employee?.name ?? auth.fullname ?? auth.account,
    ids: employee ? [auth.accountId, employee.id] : [auth.accountId],
  };
}

/** Parent ids of user groups, followed up to the roots (groups nest a few levels at most). */
async function groupsWithAncestors(space: Space, start: string[]): Promise<string[]> {
  const seen = new Set(start);
  let frontier = start;
  while (frontier.length) {
    const parents = await space
      .selectFrom('user_group')
      .select('parent_id')
      .where('id', 'in', frontier)
      .execute();
    frontier = parents.map((p) => p.parent_id).filter((id) => id !== '0' && !seen.has(id));
    for (const id of frontier) seen.add(id);
  }
  return [...seen];
}

/** Every target key that reaches the caller. */
export async function targetKeysOf(space: Space, caller: Caller): Promise<string[]> {
  const keys = [TARGET_ALL, ...caller.ids.map((id) => targetKey('user', id))];
  const employeeId = caller.employeeId;
  if (!employeeId) return keys;
  const [orgs, mainOrg, positions, groups] = await Promise.all([
    space
      .selectFrom('employee_org as eo')
      .innerJoin('org as o', 'o.id', 'eo.org_id')
      .select('o.path')
      .where('eo.employee_id', '=', employeeId)
      .execute(),
    space
      .selectFrom('employee as e')
      .innerJoin('org as o', 'o.id', 'e.org_id')
      .select('o.path')
      .where('e.id', '=', employeeId)
      .execute(),
    space
      .selectFrom('employee_position')
      .select('position_id')
      .where('employee_id', '=', employeeId)
      .execute(),
    space.selectFrom('user_group_member').select('group_id').where('employee_id', '=', employeeId).execute(),
  ]);
  // An organisation's path holds the ids of all its ancestors: a message to any of them reaches us.
  const orgIds = new Set([...orgs, ...mainOrg].flatMap((o) => o.path.split('.')).filter(Boolean));
  for (const id of orgIds) keys.push(targetKey('org', id));
  for (const p of positions) keys.push(targetKey('position', p.position_id));
  const groupIds = await groupsWithAncestors(
    space,
    groups.map((g) => g.group_id),
  );
  for (const id of groupIds) keys.push(targetKey('group', id));
  return [...new Set(keys)];
}

/** The receiving side of the caller, once per request. */
export interface Receiver extends Caller {
  keys: string[];
}

export async function receiverOf(ctx: HandlerContext, space: Space): Promise<Receiver> {
  const caller = await callerOf(ctx, space);
  return { ...caller, keys: await targetKeysOf(space, caller) };
}

type Eb = ExpressionBuilder<Database & { m: Database['message'] }, 'm'>;

/** Message `m` reaches the receiver: a target of theirs, or a state row of theirs (older messages). */
export const receivedBy = (r: Receiver) => (eb: Eb) =>
  eb.or([
    eb.exists(
      eb
        .selectFrom('message_target as t')
        .select('t.message_id')
        .whereRef('t.message_id', '=', 'm.id')
        .where('t.target_key', 'in', r.keys),
    ),
    eb.exists(
      eb
        .selectFrom('message_receiver as s')
        .select('s.message_id')
        .whereRef('s.message_id', '=', 'm.id')
        .where('s.receiver_id', 'in', r.ids),
    ),
  ]);

/** The receiver has not removed message `m` from their inbox. */
export const notRemovedBy = (r: Caller) => (eb: Eb) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('message_receiver as s')
        .select('s.message_id')
        .whereRef('s.message_id', '=', 'm.id')
        .where('s.receiver_id', 'in', r.ids)
        .where('s.removed', '=', true),
    ),
  );

/** The receiver has read message `m`. */
export const readBy = (r: Caller) => (eb: Eb) =>
  eb.exists(
    eb
      .selectFrom('message_receiver as s')
      .select('s.message_id')
      .whereRef('s.message_id', '=', 'm.id')
      .where('s.receiver_id', 'in', r.ids)
      .where('s.read_at', 'is not', null),
  );

/**
 * The caller's inbox: messages that reach them and that they did not remove, as joins the planner can
 * hash (the caller's message ids from the target index, their state rows grouped once) rather than
 * per-message look-ups. `st.read_at` is the caller's read time (null: unread); see INBOX_READ.
 */
export function inboxOf(space: Space, r: Receiver) {
  const mine = space
    .selectFrom('message_target')
    .select('message_id')
    .where('target_key', 'in', r.keys)
    .union(space.selectFrom('message_receiver').select('message_id').where('receiver_id', 'in', r.ids));
  const state = space
    .selectFrom('message_receiver')
    .select([
      'message_id',
      sql<Date | null>`max(read_at)`.as('read_at'),
      sql<boolean>`bool_or(removed)`.as('removed'),
    ])
    .where('receiver_id', 'in', r.ids)
    .groupBy('message_id');
  return space
    .selectFrom('message as m')
    .innerJoin(mine.as('mine'), 'mine.message_id', 'm.id')
    .leftJoin(state.as('st'), 'st.message_id', 'm.id')
    .where(sql<boolean>`coalesce(st.removed, false)`, '=', false);
}

/** In an inbox query: the caller has read the message. */
export const INBOX_READ = sql<boolean>`(st.read_at is not null)`;
/** In an inbox query: the caller has not read it. */
export const INBOX_UNREAD = sql<boolean>`(st.read_at is null)`;
