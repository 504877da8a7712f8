/**
 * The filing audit log: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE) and hash-chained.
 * Each entry's hash is SHA-256 over the canonical JSON (RFC 8785, `canonicalize`) of the entry with the
 * previous entry's hash inside it, so changing, removing or reordering any entry breaks every later link.
 * Appends take a transaction-scoped advisory lock so the chain stays a line under concurrency.
 */
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export const GENESIS_HASH = '0'.repeat(64);

export interface AuditInput {
  action: string;
  actorAccountId?: string | null;
  actorTenantId?: string | null;
  caseId?: string | null;
  objectType?: string | null;
  objectId?: string | null;
  detail?: Record<string, unknown>;
}

export interface AuditEntry {
  seq: number;
  at: string;
  action: string;
  actorAccountId: string | null;
  actorTenantId: string | null;
  caseId: string | null;
  objectType: string | null;
  objectId: string | null;
  detail: Record<string, unknown>;
  prevHash: string;
}

export function entryHash(entry: AuditEntry): string {
  const text = canonicalize(entry);
  if (text === undefined) throw new Error('audit entry cannot be serialised');
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** JSON-safe copy: what jsonb gives back (no undefined, dates as strings) so the hash survives storage. */
function jsonSafe(detail: Record<string, unknown> | undefined): Record<string, unknown> {
  return detail ? (JSON.parse(JSON.stringify(detail)) as Record<string, unknown>) : {};
}

/** Appends one entry inside the caller's transaction. */
export async function appendAudit(
  trx: Db,
  input: AuditInput,
  at: Date,
): Promise<AuditEntry & { hash: string }> {
  await sql`select pg_advisory_xact_lock(hashtext('filing.audit_log'))`.execute(trx);
  const last = await trx
    .selectFrom('filing.audit_log')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  const entry: AuditEntry = {
    seq: (last?.seq ?? 0) + 1,
    at: at.toISOString(),
    action: input.action,
    actorAccountId: input.actorAccountId ?? null,
    actorTenantId: input.actorTenantId ?? null,
    caseId: input.caseId ?? null,
    objectType: input.objectType ?? null,
    objectId: input.objectId ?? null,
    detail: jsonSafe(input.detail),
    prevHash: last?.hash ?? GENESIS_HASH,
  };
  const hash = entryHash(entry);
  await trx
    .insertInto('filing.audit_log')
    .values({
      seq: entry.seq,
      at: entry.at,
      action: entry.action,
      actor_account_id: entry.actorAccountId,
      actor_tenant_id: entry.actorTenantId,
      case_id: entry.caseId,
      object_type: entry.objectType,
      object_id: entry.objectId,
      detail: JSON.stringify(entry.detail),
      prev_hash: entry.prevHash,
      hash,
    })
    .execute();
  return { ...entry, hash };
}

export interface VerifyResult {
  ok: boolean;
  checked: number;
  /** The first entry that does not verify, and why. */
  firstBroken?: {
    seq: number;
    problem: 'sequence' | 'prevHash' | 'hash';
    expected: string;
    found: string;
    /** Time and action of the row at the break (for 'sequence': the row found where seq was expected). */
    at: string;
    action: string;
  };
}

/** Walks the whole chain in order, a page at a time. */
export async function verifyAuditChain(db: Db, pageSize = 2000): Promise<VerifyResult> {
  let prevHash = GENESIS_HASH;
  let expectedSeq = 1;
  let checked = 0;
  for (;;) {
    const rows = await db
      .selectFrom('filing.audit_log')
      .selectAll()
      .where('seq', '>=', expectedSeq)
      .orderBy('seq')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return { ok: true, checked };
    for (const r of rows) {
      if (Number(r.seq) !== expectedSeq) {
        return {
          ok: false,
          checked,
          firstBroken: {
            seq: expectedSeq,
            problem: 'sequence',
            expected: String(expectedSeq),
            found: String(r.seq),
            at: new Date(r.at).toISOString(),
            action: r.action,
          },
        };
      }
      if (r.prev_hash !== prevHash) {
        return {
          ok: false,
          checked,
          firstBroken: {
            seq: expectedSeq,
            problem: 'prevHash',
            expected: prevHash,
            found: r.prev_hash,
            at: new Date(r.at).toISOString(),
            action: r.action,
          },
        };
      }
      const entry: AuditEntry = {
        seq: Number(r.seq),
        at: new Date(r.at).toISOString(),
        action: r.action,
        actorAccountId: r.actor_account_id,
        actorTenantId: r.actor_tenant_id,
        caseId: r.case_id,
        objectType: r.object_type,
        objectId: r.object_id,
        detail: (typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail) as Record<string, unknown>,
        prevHash: r.prev_hash,
      };
      const hash = entryHash(entry);
      if (hash !== r.hash) {
        return {
          ok: false,
          checked,
          firstBroken: {
            seq: expectedSeq,
            problem: 'hash',
            expected: hash,
            found: r.hash,
            at: entry.at,
            action: r.action,
          },
        };
      }
      prevHash = r.hash;
      expectedSeq++;
      checked++;
    }
  }
}
