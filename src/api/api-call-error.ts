/** What a failed call rejects with. `text` is what the user was (or, when silent, would have been) shown. */
import type { Envelope } from './envelope.ts';

export type ApiFailureKind =
  /** The server answered with a failure state. */
  | 'state'
  /** The state is one the caller handles (warning, unsupported) but callApi wanted success. */
  | 'passThrough'
  /** The session ended (token expired, illegal, or signed in elsewhere). */
  | 'sessionEnded'
  /** A 2xx answer without an envelope state. */
  | 'noState'
  /** An HTTP error without an envelope. */
  | 'http'
  /** No answer at all (network down, timeout). */
  | 'network';

export class ApiCallError extends Error {
  readonly kind: ApiFailureKind;
  readonly text: string;
  readonly url: string;
  readonly state?: number;
  readonly status?: number;
  readonly envelope?: Envelope;

  constructor(init: {
    kind: ApiFailureKind;
    text: string;
    url: string;
    state?: number;
    status?: number;
    envelope?: Envelope;
  }) {
    super(init.text);
    this.name = 'ApiCallError';
    this.kind = init.kind;
    this.text = init.text;
    this.url = init.url;
    this.state = init.state;
    this.status = init.status;
    this.envelope = init.envelope;
  }
}

export function isApiCallError(error: unknown): error is ApiCallError {
  return error instanceof ApiCallError;
}
