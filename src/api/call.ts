/**
 * Typed calls by operation id: `await callApi('employee.query', { body })` gives the operation's
 * response data. Screens name operations in YAML, so `callOperation` takes any string and checks it.
 */
import { apiClient } from './client.ts';
import type { Envelope } from './envelope.ts';
import type { ApiClient } from './http-client.ts';
import {
  callEnvelopeWith,
  callWith,
  isOperationId,
  type CallArgs,
  type OperationId,
  type ResponseOf,
} from './operation-call.ts';

export { isOperationId };
export type { CallArgs, OperationId, ResponseOf };

/** The whole envelope of a pass-through state (success, warning, unsupported), for callers that care. */
export function callApiEnvelope<Id extends OperationId>(
  id: Id,
  args: CallArgs<Id> = {},
  client: ApiClient = apiClient,
): Promise<Envelope<ResponseOf<Id>>> {
  return callEnvelopeWith(client, id, args);
}

/** The data of a successful call; any other state rejects with ApiCallError. */
export function callApi<Id extends OperationId>(
  id: Id,
  args: CallArgs<Id> = {},
  client: ApiClient = apiClient,
): Promise<ResponseOf<Id>> {
  return callWith(client, id, args);
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
