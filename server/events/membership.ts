/**
 * Membership changes on the event bus: after a successful change of employees, organisations,
 * positions or user groups (whatever the operation: members of a group, an employee's organisations
 * or positions, an organisation moved under another…), 'membership.changed' {tenantId} goes to every
 * server process. Open bell streams of that tenant then work out again which message targets reach
 * their user (server/modules/messages/stream-handlers.ts), so a user added to a group hears the
 * group's next message without reopening the bell.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Operation } from '../../schemas/catalogue.ts';
import { SERVICE_PREFIX, isWriteOperation } from '../../schemas/catalogue-types.ts';
import type { AuthContext } from '../auth/session.ts';
import type { ServerConfig } from '../config.ts';
import type { EventBus } from './bus.ts';

export const MEMBERSHIP_CHANGED = 'membership.changed';

/** Catalogue areas whose writes may change who belongs to an organisation, position or group. */
const MEMBERSHIP_AREAS = new Set(['employees', 'orgs', 'positions', 'groups']);

function succeeded(payload: unknown, status: number): boolean {
  if (status !== 200) return false;
  if (typeof payload !== 'string' || !payload.startsWith('{')) return true;
  try {
    const state = (JSON.parse(payload) as { state?: unknown }).state;
    return state === undefined || state === 200;
  } catch {
    return true;
  }
}

export function installMembershipEvents(
  app: FastifyInstance,
  config: ServerConfig,
  operations: Map<string, Operation>,
  events: EventBus,
): void {
  const byUrl = new Map<string, Operation>();
  for (const op of operations.values()) {
    if (!MEMBERSHIP_AREAS.has(op.area) || op.access === 'public' || !isWriteOperation(op)) continue;
    byUrl.set(`${op.method} ${config.apiBase}${op.path}`, op);
    byUrl.set(`${op.method} ${config.apiBase}${SERVICE_PREFIX[op.service]}${op.path}`, op);
  }
  app.addHook('onSend', async (req: FastifyRequest, reply, payload) => {
    const auth = (req as FastifyRequest & { auth?: AuthContext | null }).auth;
    if (!auth?.tenantId || !byUrl.has(`${req.method} ${req.routeOptions.url}`)) return payload;
    if (!succeeded(payload, reply.statusCode)) return payload;
    // The handler's transaction has committed: listeners read the new memberships.
    await events
      .publish({ type: MEMBERSHIP_CHANGED, tenantId: auth.tenantId })
      .catch((err: Error) => req.log.warn(`events: ${MEMBERSHIP_CHANGED} not sent: ${err.message}`));
    return payload;
  });
}
