/**
 * Tenant switching (spec §2 'User menu', /tenantSelect): the server makes another tenant the session's
 * current one (user/switchTenant, only a tenant the account belongs to) and answers the new context.
 */
import { callApi } from '../api/call.ts';
import { menusAtom, tenantChosenAtom, userContextAtom } from './atoms.ts';
import { reloadApp } from './navigation.ts';
import { appStore } from './store.ts';

export async function switchTenant(tenantId: string, options: { reload?: boolean } = {}): Promise<void> {
  const context = await callApi('user.switchTenant', { body: { tenantId } });
  appStore.set(userContextAtom, context);
  appStore.set(tenantChosenAtom, true);
  appStore.set(menusAtom, null);
  // From the user menu: the pages open so far show the old tenant's data; start afresh at '/'.
  if (options.reload !== false) reloadApp('/');
}
