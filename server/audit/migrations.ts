/**
 * Acting as another user in the logs (issue 24): the login log keeps the acting reason and start on the
 * rows of an acting login's start and end, the operation log the acting reason of each write done while
 * acting. The reason is read once per acting write from the 'switch' row of acting_audit, by family.
 */
import type { Migration } from '../db/migrate.ts';

export const platformActingLogMigration: Migration = {
  name: '023_acting_log_columns',
  sql: (s) => `
    alter table ${s}.login_log add column acting_reason text;
    alter table ${s}.login_log add column acting_started_at timestamptz;
    alter table ${s}.operation_log add column acting_reason text;
    create index acting_audit_family_idx on ${s}.acting_audit (family_id, event);
  `,
};
