/**
 * The audit of acting as another user (authentication/switch): platform.acting_audit holds one row when
 * acting starts ('switch', with the reason), one when it ends ('exit'), and one per successful non-GET
 * operation done while acting ('operation': operation id, method, status), each naming both the actor
 * and the account acted as. The operation rows are written by an onSend hook, before the response leaves.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Operation } from '../../schemas/catalogue.ts';
import { SERVICE_PREFIX } from '../../schemas/catalogue-types.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';

/** The part of the session (session.ts AuthContext) the audit reads; named here so session.ts, which
 * records acting events, does not form an import loop with this module. */
interface ActingSession {
  accountId: string;
  account: string;
  tenantId: string | null;
  familyId?: string | null;
  actor?: { accountId: string; account: string } | null;
}

export interface ActingEvent {
  event: 'switch' | 'exit' | 'operation';
  actor: { accountId: string; account: string };
  target: { accountId: string; account: string };
  reason?: string | null;
  operationId?: string | null;
  method?: string | null;
  status?: number | null;
  tenantId?: string | null;
  familyId?: string | null;
  ip?: string | null;
}

export async function recordActing(db: Db, e: ActingEvent): Promise<void> {
  await db
    .insertInto('platform.acting_audit')
    .values({
      event: e.event,
      actor_account_id: e.actor.accountId,
      actor_account: e.actor.account,
      target_account_id: e.target.accountId,
      target_account: e.target.account,
      reason: e.reason ?? null,
      operation_id: e.operationId ?? null,
      method: e.method ?? null,
      status: e.status ?? null,
      tenant_id: e.tenantId ?? null,
      family_id: e.familyId ?? null,
      ip: e.ip ?? null,
    })
    .execute();
}

/** The switch calls record their own 'switch' and 'exit' rows. */
const SELF_RECORDED = new Set(['authentication.switch', 'authentication.switch.exit']);

export function installActingAudit(
  app: FastifyInstance,
  db: Db,
  config: ServerConfig,
  operations: Map<string, Operation>,
): void {
  const byUrl = new Map<string, string>();
  for (const op of operations.values()) {
    byUrl.set(`${op.method} ${config.apiBase}${op.path}`, op.id);
    byUrl.set(`${op.method} ${config.apiBase}${SERVICE_PREFIX[op.service]}${op.path}`, op.id);
  }
  app.addHook('onSend', async (req: FastifyRequest, reply, payload) => {
    const auth = (req as FastifyRequest & { auth?: ActingSession | null }).auth;
    if (!auth?.actor || req.method === 'GET' || reply.statusCode >= 300) return payload;
    const opId = byUrl.get(`${req.method} ${req.routeOptions.url}`);
    if (!opId || SELF_RECORDED.has(opId)) return payload;
    if (typeof payload === 'string' && payload.startsWith('{')) {
      // A warning (state 2/103) travels with HTTP 200 too; only state 200 is a success.
      const state = (JSON.parse(payload) as { state?: unknown }).state;
      if (state !== undefined && state !== 200) return payload;
    }
    try {
      await recordActing(db, {
        event: 'operation',
        actor: auth.actor,
        target: { accountId: auth.accountId, account: auth.account },
        operationId: opId,
        method: req.method,
        status: reply.statusCode,
        tenantId: auth.tenantId,
        familyId: auth.familyId ?? null,
        ip: req.ip,
      });
    } catch (err) {
      req.log.error({ err: String(err), operation: opId }, 'writing the acting audit row failed');
    }
    return payload;
  });
}
