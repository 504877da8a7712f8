/**
 * The operation log (platform.operation_log): one row for every write operation (isWriteOperation) that
 * passed the permission check — who (and the administrator acting as them, with the reason given for
 * acting), when, which operation, which tenant, the outcome with its state code, the ids the call named,
 * the address. Calls refused by the check
 * leave no row (a refusal changes nothing; the application log has a line), and so do personal operations
 * (catalogue `personal`: a whistleblower's report names its reporter). Written by an onSend hook, before
 * the response leaves.
 *
 * A successful write may change who holds what (roles, grants, memberships, menu resources, passwords), so
 * it also drops the cached permissions of the tenant and of the caller's account — of everyone when the
 * operation administers the platform.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Operation } from '../../schemas/catalogue.ts';
import { SERVICE_PREFIX, isWriteOperation } from '../../schemas/catalogue-types.ts';
import { invalidatePermissions } from '../auth/permissions.ts';
import type { AuthContext } from '../auth/session.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { storableText } from '../http/input-guard.ts';
import { actingStartOf } from './acting-log.ts';
import '../auth/permission-tables.ts';

/** Areas whose writes change platform data every tenant's permissions may depend on. */
const PLATFORM_AREAS = new Set(['resources', 'subsystems', 'tenants', 'user-security']);

/** Query parameters naming what a call works on (never secrets: those travel in bodies). */
const TARGET_KEY = /(^id$|Id$|^ids$|Ids$|^account$|^tenantCode$)/;

export function targetOf(query: unknown): string | null {
  if (!query || typeof query !== 'object') return null;
  const parts = Object.entries(query as Record<string, unknown>)
    .filter(
      ([key, value]) => TARGET_KEY.test(key) && (typeof value === 'string' || typeof value === 'number'),
    )
    .map(([key, value]) => `${key}=${String(value)}`);
  // A refused call is logged too, with what it named: text the database cannot store (NUL, a lone
  // surrogate, which the input guard refuses) is written as U+FFFD rather than losing the row.
  const text = storableText(parts.join('&').slice(0, 500));
  return text || null;
}

export interface OperationEvent {
  operationId: string;
  method: string;
  outcome: 'success' | 'failure';
  code: number | null;
  auth: AuthContext;
  target?: string | null;
  ip?: string | null;
}

export async function recordOperation(db: Db, e: OperationEvent): Promise<void> {
  // While acting, the reason the administrator gave (one indexed read; acting writes are few).
  const actingReason = e.auth.actor ? (await actingStartOf(db, e.auth.familyId)).reason : null;
  await db
    .insertInto('platform.operation_log')
    .values({
      tenant_id: e.auth.tenantId,
      account_id: e.auth.accountId,
      account: e.auth.account,
      actor_account: e.auth.actor?.account ?? null,
      operation_id: e.operationId,
      method: e.method,
      outcome: e.outcome,
      code: e.code,
      target: e.target ?? null,
      ip: e.ip ?? null,
      acting_reason: actingReason,
    })
    .execute();
}

function stateOf(payload: unknown, status: number): number {
  if (typeof payload === 'string' && payload.startsWith('{')) {
    try {
      const state = (JSON.parse(payload) as { state?: unknown }).state;
      if (typeof state === 'number') return state;
    } catch {
      // not an envelope
    }
  }
  return status;
}

export function installOperationLog(
  app: FastifyInstance,
  db: Db,
  config: ServerConfig,
  operations: Map<string, Operation>,
): void {
  const byUrl = new Map<string, Operation>();
  for (const op of operations.values()) {
    byUrl.set(`${op.method} ${config.apiBase}${op.path}`, op);
    byUrl.set(`${op.method} ${config.apiBase}${SERVICE_PREFIX[op.service]}${op.path}`, op);
  }
  app.addHook('onSend', async (req: FastifyRequest, reply, payload) => {
    const auth = (req as FastifyRequest & { auth?: AuthContext | null }).auth;
    if (!auth) return payload;
    const op = byUrl.get(`${req.method} ${req.routeOptions.url}`);
    if (!op || op.access === 'public' || !isWriteOperation(op)) return payload;
    const code = stateOf(payload, reply.statusCode);
    const outcome = code === 200 ? 'success' : 'failure';
    if (outcome === 'success') {
      if (PLATFORM_AREAS.has(op.area)) invalidatePermissions(db);
      else {
        if (auth.tenantId) invalidatePermissions(db, { tenantId: auth.tenantId });
        invalidatePermissions(db, { accountId: auth.accountId });
      }
    }
    // A personal call (a whistleblower's report) is nobody else's business, the tenant's least of all.
    if (op.personal) return payload;
    try {
      await recordOperation(db, {
        operationId: op.id,
        method: req.method,
        outcome,
        code,
        auth,
        target: targetOf(req.query),
        ip: req.ip,
      });
    } catch (err) {
      req.log.error({ err: String(err), operation: op.id }, 'writing the operation log failed');
    }
    return payload;
  });
}
