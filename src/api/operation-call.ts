/**
 * Typed calls by operation id over a given client. call-api.ts binds them to the app's client; the
 * client's own refresh exchange (client.ts) uses them directly, so neither module imports the other.
 * Each call finds its operation through operation-meta.ts, so the sign-in page's calls need no table.
 */
import { ApiCallError } from './api-call-error.ts';
import { State, type Envelope } from './envelope.ts';
import type { ApiOperations, OperationId, OperationMeta } from './generated/operations.ts';
import type { ApiClient, RequestOptions } from './http-client.ts';
import { operationMeta } from './operation-meta.ts';

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
  /** Aborts the request (a component that unmounts before the answer). */
  signal?: AbortSignal;
}

/** The whole envelope of a pass-through state (success, warning, unsupported), for callers that care. */
export function callEnvelopeWith<Id extends OperationId>(
  client: ApiClient,
  id: Id,
  args: CallArgs<Id> = {},
): Promise<Envelope<ResponseOf<Id>>> {
  const send = (op: OperationMeta) => client.request<ResponseOf<Id>>(op, args as RequestOptions);
  // Sent at once when the entry is at hand (as before the table was split off), else once it loads.
  const op = operationMeta(id);
  return op instanceof Promise ? op.then(send) : send(op);
}

/** The data of a successful call; any other state rejects with ApiCallError. */
export async function callWith<Id extends OperationId>(
  client: ApiClient,
  id: Id,
  args: CallArgs<Id> = {},
): Promise<ResponseOf<Id>> {
  const envelope = await callEnvelopeWith(client, id, args);
  if (envelope.state === State.SUCCESS) return envelope.data;
  // Warning or unsupported: not an error the client shows, but not the data the caller asked for.
  throw new ApiCallError({
    kind: 'passThrough',
    text: envelope.message ?? String(envelope.state),
    url: client.urlOf(await operationMeta(id)),
    state: envelope.state,
    envelope,
  });
}
