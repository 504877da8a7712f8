/**
 * Where the browser fetches a stored photo: the file.getImage address with the attachment id, the
 * access token and the tenant in the query (an <img> cannot send headers). A value that already is an
 * address (data:, blob:, http…, /…) is used as it is, which is also how fixtures show pictures.
 */
import { apiClient } from '../../../src/api/client.ts';
import { operations } from '../../../src/api/generated/operations.ts';
import { accessTokenAtom, tenantIdAtom } from '../../../src/session/atoms.ts';
import { appStore } from '../../../src/session/store.ts';

export function isAddress(value: string): boolean {
  return /^(data:|blob:|https?:|\/)/.test(value);
}

export function photoSource(value: string): string {
  if (isAddress(value)) return value;
  const query = new URLSearchParams({ attachmentId: value });
  const token = appStore.get(accessTokenAtom);
  const tenant = appStore.get(tenantIdAtom);
  if (token) query.set('access_token', token);
  if (tenant) query.set('tenantId', tenant);
  return `${apiClient.urlOf(operations['file.getImage'])}?${query}`;
}
