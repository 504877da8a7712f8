/**
 * Binary operations (downloads) through the api client's address and session headers. A JSON answer
 * instead of a file is the envelope of a failure: it goes through the client's normal error path.
 */
import { apiClient } from '../src/api/client.ts';
import { isOperationId } from '../src/api/call.ts';
import { operations } from '../src/api/generated/operations.ts';
import { accessTokenAtom, systemIdAtom, tenantIdAtom } from '../src/session/atoms.ts';
import { appStore } from '../src/session/store.ts';

export async function fetchOperationBlob(operation: string, query: object = {}): Promise<Blob> {
  if (!isOperationId(operation)) throw new Error(`Unknown operation id: ${operation}`);
  const meta = operations[operation];
  const url = new URL(apiClient.urlOf(meta), window.location.href);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  url.searchParams.set('_t', String(Date.now()));
  const headers: Record<string, string> = {};
  const token = appStore.get(accessTokenAtom);
  const systemId = appStore.get(systemIdAtom);
  const tenantId = appStore.get(tenantIdAtom);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (systemId) headers['X-System-Id'] = systemId;
  if (tenantId) headers['X-Tenant-Id'] = tenantId;
  const response = await fetch(url, { method: meta.method, headers });
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json')) return response.blob();
  // Not a file: let the client read the envelope and tell the user what went wrong.
  await apiClient.request(meta, { query: { ...query } });
  throw new Error(`${operation} returned no file (HTTP ${response.status})`);
}
