/**
 * Typed calls by operation id: `await callApi('employee.query', { body })` gives the operation's
 * response data. Screens name operations in YAML, so `callOperation` takes any string and checks it.
 */
import { ApiCallError } from './api-call-error.ts';
import { apiClient } from './client.ts';
import { State, type Envelope } from './envelope.ts';
import { operations, type ApiOperations, type OperationId } from './generated/operations.ts';
import type { ApiClient, RequestOptions } from './http-client.ts';

export type { OperationId };
export type ResponseOf<Id extends OperationId> = ApiOperations[Id]['response'];

export interface CallArgs<Id extends OperationId> {
  query?: ApiOperations[Id]['query'];
  body?: ApiOperations[Id]['body'];
  /** Leave showing the failure to the caller. */
  silent?: boolean;
  /** 'caller': an ended session only rejects, without the app's "you have been logged out" confirm. */
  sessionEnd?: 'app' | 'caller';
  /** Without the token (the refresh call). */
  anonymous?: boolean;
}

export function isOperationId(id: string): id is OperationId {
  return Object.prototype.hasOwnProperty.call(operations, id);
}

/** The whole envelope of a pass-through state (success, warning, unsupported), for callers that care. */
export function callApiEnvelope<Id extends OperationId>(
  id: Id,
  args: CallArgs<Id> = {},
  client: ApiClient = apiClient,
): Promise<Envelope<ResponseOf<Id>>> {
  return client.request<ResponseOf<Id>>(operations[id], args as RequestOptions);
}

/** The data of a successful call; any other state rejects with ApiCallError. */
export async function callApi<Id extends OperationId>(
  id: Id,
  args: CallArgs<Id> = {},
  client: ApiClient = apiClient,
): Promise<ResponseOf<Id>> {
  const envelope = await callApiEnvelope(id, args, client);
  if (envelope.state === State.SUCCESS) return envelope.data;
  // Warning or unsupported: not an error the client shows, but not the data the caller asked for.
  throw new ApiCallError({
    kind: 'passThrough',
    text: envelope.message ?? String(envelope.state),
    url: client.urlOf(operations[id]),
    state: envelope.state,
    envelope,
  });
}

/** A call named by a string from metadata (a screen's `operation`). */
export function callOperation(
  id: string,
  args: { query?: object; body?: unknown; silent?: boolean } = {},
  client: ApiClient = apiClient,
): Promise<unknown> {
  if (!isOperationId(id)) return Promise.reject(new Error(`Unknown operation id: ${id}`));
  return callApi(id, args as CallArgs<typeof id>, client);
}
