/**
 * Whose screens a session edits: the platform's versions are the super user's; a tenant's overrides
 * are for holders of screen:configure in that tenant (the super user holds it too). Someone who may
 * do both switches between them.
 */
import type { SessionScope } from '../../../renderers/environment/environment-types.ts';
import type { ScreenRow, ScreenScope } from './screen-config-api.ts';
import { isGeneratedScreen } from './VersionLabel.tsx';

export const CONFIGURE_PERMISSION = 'screen:configure';

export function editableScopes(session: SessionScope): ScreenScope[] {
  const scopes: ScreenScope[] = [];
  if (session.isSuper) scopes.push('platform');
  if (session.tenantId && (session.isSuper || session.permissions.includes(CONFIGURE_PERMISSION)))
    scopes.push('tenant');
  return scopes;
}

/** The scope a screen opens in: its open draft's, else the tenant's override, else the first allowed. */
export function openingScope(row: ScreenRow | undefined, scopes: readonly ScreenScope[]): ScreenScope {
  if (row?.draft && scopes.includes(row.draft.scope)) return row.draft.scope;
  if (row?.tenantVersion != null && scopes.includes('tenant')) return 'tenant';
  return scopes[0];
}

/** A data template's screen lives in its tenant only: the platform has no templates. */
export function scopesOfScreen(name: string, scopes: readonly ScreenScope[]): ScreenScope[] {
  return isGeneratedScreen(name) ? scopes.filter((scope) => scope === 'tenant') : [...scopes];
}
