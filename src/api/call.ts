/**
 * Typed calls by operation id: `await callApi('employee.query', { body })` gives the operation's
 * response data. Screens name operations in YAML, so `callOperation` takes any string and checks it
 * against the table of every operation. (The sign-in page, which must not load that table, calls
 * through call-api.ts.)
 */
import { callApi, callApiEnvelope, type CallArgs, type OperationId, type ResponseOf } from './call-api.ts';
import { apiClient } from './client.ts';
import { operations } from './generated/operations.ts';
import type { ApiClient } from './http-client.ts';

export { callApi, callApiEnvelope };
export type { CallArgs, OperationId, ResponseOf };

export function isOperationId(id: string): id is OperationId {
  return Object.prototype.hasOwnProperty.call(operations, id);
}

/** A call named by a string from metadata (a screen's `operation`). */
export function callOperation(
  id: string,
  args: { query?: object; body?: unknown; silent?: boolean; signal?: AbortSignal } = {},
  client: ApiClient = apiClient,
): Promise<unknown> {
  if (!isOperationId(id)) return Promise.reject(new Error(`Unknown operation id: ${id}`));
  return callApi(id, args as CallArgs<typeof id>, client);
}
