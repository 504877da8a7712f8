/**
 * Who may work on which versions, and how versions are numbered (pure rules; store.ts applies them).
 *
 * - Scope `platform` is what every tenant sees unless it overrides a screen: written by the super user
 *   alone. Scope `tenant` is always the session's tenant: a holder of screen:configure writes its own
 *   tenant's overrides and reads the platform's versions, never another tenant's.
 * - Version 0 is the screen's file; stored versions count from 1 per screen and scope. A draft takes the
 *   next number when first saved and keeps it while saved again; a publish makes it the newest published
 *   version, renumbering it after any version restored meanwhile. The current version of a scope is its
 *   newest published one.
 */
import { createHash } from 'node:crypto';
import type { AuthContext } from '../../auth/session.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';

export type Scope = 'platform' | 'tenant';

/** The tenant a scope stands for in this session (null: the platform's versions). */
export function tenantOfScope(auth: AuthContext, scope: Scope): string | null {
  if (scope === 'platform') return null;
  if (!auth.tenantId) throw new ApiError(Code.TENANT_DENIED);
  return auth.tenantId;
}

/** As tenantOfScope, for a change: the platform's versions are the super user's alone (6010106). */
export function writableTenantOfScope(auth: AuthContext, scope: Scope): string | null {
  if (scope === 'platform' && !auth.isSuper) throw new ApiError(Code.SUPER_ONLY);
  return tenantOfScope(auth, scope);
}

/** The number a draft takes when first saved: after every version of the screen in its scope. */
export function nextVersion(highest: number | null): number {
  return (highest ?? 0) + 1;
}

/** The number a draft is published under: its own, unless a version restored since passed it. */
export function publishedNumber(draft: number, highest: number): number {
  return draft > highest ? draft : highest + 1;
}

/** Whether the platform moved on since an override was made from it. */
export function platformChangedUnder(basePlatformVersion: number | null, platformVersion: number): boolean {
  return basePlatformVersion !== null && basePlatformVersion < platformVersion;
}

/** Which open draft the list offers the caller: the platform's first for the super user, else the tenant's. */
export function offeredDraft(
  isSuper: boolean,
  drafts: { platform: number | null; tenant: number | null },
): { scope: Scope; version: number } | null {
  if (isSuper && drafts.platform !== null) return { scope: 'platform', version: drafts.platform };
  if (drafts.tenant !== null) return { scope: 'tenant', version: drafts.tenant };
  return null;
}

/** Each screen's published version a session sees: the tenant's override over the platform's. */
export function effectiveVersions<T extends { name: string; tenantId: string | null }>(rows: T[]): T[] {
  const byName = new Map<string, T>();
  for (const row of rows) {
    const seen = byName.get(row.name);
    if (!seen || (seen.tenantId === null && row.tenantId !== null)) byName.set(row.name, row);
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** A short fingerprint of what a session sees: any publish or restore among it changes it. */
export function revisionOf(rows: Array<{ name: string; tenantId: string | null; version: number }>): string {
  const hash = createHash('sha256');
  for (const r of rows) hash.update(`${r.name}\u0000${r.tenantId ?? ''}\u0000${r.version}\n`);
  return hash.digest('base64url').slice(0, 16);
}
