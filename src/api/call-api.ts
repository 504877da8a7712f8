/**
 * Typed calls by operation id: `await callApi('employee.query', { body })` gives the operation's
 * response data. Without the table of every operation: the sign-in page and the session code call
 * from here, and an operation's entry loads with its first call (operation-meta.ts). call.ts gives
 * these too, with the checks of ids named in metadata, which need the whole table.
 */
import { apiClient } from './client.ts';
import type { Envelope } from './envelope.ts';
import type { ApiClient } from './http-client.ts';
import {
  callEnvelopeWith,
  callWith,
  type CallArgs,
  type OperationId,
  type ResponseOf,
} from './operation-call.ts';

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
