/**
 * Caches across server processes. An invalidation made in one process travels on the event bus and
 * takes effect in every other at once, instead of their waiting out the caches' time-to-live:
 * - permissions (invalidatePermissions after a role, grant, membership or password change);
 * - ended sessions (logout, revocation): other processes drop the cached sessions, and the bell streams
 *   of those sessions close (server/events/streams.ts listens for 'session.ended') wherever they are open.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { invalidateLocalPermissions, setPermissionBroadcast } from '../auth/permissions.ts';
import { dropCachedSessions, onSessionsEnded, type SessionScope } from '../auth/session-cache.ts';
import type { AppEvent, EventBus } from './bus.ts';

const PERMISSIONS = 'permissions.invalidated';
const SESSIONS = 'session.ended';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Returns the function that stops carrying. */
export function carryCacheInvalidations(db: Db, events: EventBus): () => void {
  // This process has already dropped its own entries; it skips its own echo.
  const origin = randomUUID();
  const send = (event: AppEvent) =>
    events
      .publish(event)
      .catch((err: Error) => console.warn(`events: ${event.type} not sent: ${err.message}`));

  setPermissionBroadcast(db, (scope) =>
    send({
      type: PERMISSIONS,
      tenantId: scope.tenantId ?? null,
      accountId: scope.accountId ?? null,
      origin,
    }),
  );
  const stopAnnouncing = onSessionsEnded((scope: SessionScope) =>
    send({
      type: SESSIONS,
      tenantId: scope.tenantId ?? null,
      accountId: scope.accountId ?? null,
      familyId: scope.familyId ?? null,
      sessionId: scope.sessionId ?? null,
      origin,
    }),
  );
  const stopListening = events.subscribe((event) => {
    if (event.origin === origin) return;
    if (event.type === PERMISSIONS)
      invalidateLocalPermissions(db, { tenantId: text(event.tenantId), accountId: text(event.accountId) });
    else if (event.type === SESSIONS) {
      const scope = {
        tenantId: text(event.tenantId),
        accountId: text(event.accountId),
        familyId: text(event.familyId),
        sessionId: text(event.sessionId),
      };
      // An event without any scope would drop every cached session: only a named one counts.
      if (scope.tenantId || scope.accountId || scope.familyId || scope.sessionId)
        dropCachedSessions(db, scope);
    }
  });
  return () => {
    stopAnnouncing();
    stopListening();
  };
}
