/** The response envelope {state, message, cause, data} and the error type handlers throw. */
import { Code } from './codes.ts';

export interface Envelope<T = unknown> {
  state: number;
  message: string;
  cause: unknown;
  data: T;
}

/**
 * Thrown by handlers and hooks; the error handler translates `key` into the request's language.
 * `key` is a translation key (e.g. 'error.code.6020101'); `cause` carries details (field errors…).
 */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly key: string = `error.code.${code}`,
    readonly params: Record<string, unknown> = {},
    readonly causeDetail: unknown = null,
  ) {
    super(key);
  }
}

export const unsupported = (opId: string) =>
  new ApiError(Code.UNSUPPORTED, 'error.code.501', { operation: opId });
