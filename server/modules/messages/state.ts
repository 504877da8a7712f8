/**
 * Per-receiver state (message_receiver): a row appears only when a receiver reads or removes a
 * message, so sending to everyone writes nothing per person. Rows are keyed by the account id.
 */
import { sql } from 'kysely';
import type { Space } from '../people/common.ts';
import { INBOX_UNREAD, inboxOf, type Receiver } from './recipients.ts';

/** Marks these messages read by the receiver (the first read time stays). */
export async function markRead(space: Space, r: Receiver, messageIds: string[]): Promise<void> {
  if (!messageIds.length) return;
  await space
    .insertInto('message_receiver')
    .values(
      messageIds.map((message_id) => ({
        message_id,
        receiver_id: r.accountId,
        receiver_name: r.name,
        read_at: sql<Date>`now()`,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['message_id', 'receiver_id'])
        .doUpdateSet({ read_at: sql`coalesce(message_receiver.read_at, excluded.read_at)` }),
    )
    .execute();
}

/** Marks every unread message of the receiver's inbox read, in one statement; answers how many. */
export async function markAllRead(space: Space, r: Receiver): Promise<number> {
  const unread = inboxOf(space, r)
    .where(INBOX_UNREAD)
    .select([
      'm.id as message_id',
      sql<string>`${r.accountId}::text`.as('receiver_id'),
      sql<string>`${r.name}::text`.as('receiver_name'),
      sql<Date>`now()`.as('read_at'),
    ]);
  const result = await space
    .insertInto('message_receiver')
    .columns(['message_id', 'receiver_id', 'receiver_name', 'read_at'])
    .expression(unread)
    .onConflict((oc) =>
      oc
        .columns(['message_id', 'receiver_id'])
        .doUpdateSet({ read_at: sql`coalesce(message_receiver.read_at, excluded.read_at)` }),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Removes these messages from the receiver's inbox (the sender and other receivers keep theirs). */
export async function markRemoved(space: Space, r: Receiver, messageIds: string[]): Promise<void> {
  if (!messageIds.length) return;
  await space
    .insertInto('message_receiver')
    .values(
      messageIds.map((message_id) => ({
        message_id,
        receiver_id: r.accountId,
        receiver_name: r.name,
        removed: true,
      })),
    )
    .onConflict((oc) => oc.columns(['message_id', 'receiver_id']).doUpdateSet({ removed: true }))
    .execute();
}
