/**
 * Permission and session caches across server processes: an invalidation made in one process
 * (invalidatePermissions after a role, grant, membership or password change) travels on the event bus
 * and drops the same cached facts and sessions in every other process, instead of their waiting out
 * the cache's time-to-live.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { invalidateLocalPermissions, setPermissionBroadcast } from '../auth/permissions.ts';
import type { EventBus } from './bus.ts';

const TYPE = 'permissions.invalidated';

/** Returns the function that stops listening. */
export function carryPermissionInvalidations(db: Db, events: EventBus): () => void {
  // This process has already dropped its own entries; it skips its own echo.
  const origin = randomUUID();
  setPermissionBroadcast(db, (scope) => {
    events
      .publish({ type: TYPE, tenantId: scope.tenantId ?? null, accountId: scope.accountId ?? null, origin })
      .catch((err: Error) => console.warn(`events: permission invalidation not sent: ${err.message}`));
  });
  return events.subscribe((event) => {
    if (event.type !== TYPE || event.origin === origin) return;
    invalidateLocalPermissions(db, {
      tenantId: typeof event.tenantId === 'string' ? event.tenantId : null,
      accountId: typeof event.accountId === 'string' ? event.accountId : null,
    });
  });
}
