/** Indexes of the message tables added after 013_msg_fanout (issue 14, inbox-walk.ts). */
import type { Migration } from '../../db/migrate.ts';

/**
 * The inbox's pinned announcements (unread bulletins) walk the bulletins newest first; the rest walk
 * message_created_idx (013). Each message met is checked against the caller's targets and state rows
 * by their primary keys.
 */
export const tenantMessageWalkMigration: Migration = {
  name: '017_msg_inbox_walk',
  sql: (s) => `
    create index message_type_created_idx on ${s}.message (message_type, created_at desc, id);
  `,
};
