/**
 * The response envelope {state, message, cause, data} and the states the client treats specially
 * (spec §8). Everything else is a failure shown to the user.
 */
export interface Envelope<T = unknown> {
  state: number;
  message?: string | null;
  cause?: unknown;
  data: T;
}

export const State = {
  SUCCESS: 200,
  WARNING: 2,
  WARN: 103,
  UNSUPPORTED: 501,
  OTHER_CLIENT: 6020102,
  ILLEGAL_TOKEN: 6020201,
  TOKEN_EXPIRED: 6020301,
} as const;

/** Handed to the caller unchanged: it decides what success, warning or "not supported" mean to it. */
export const PASS_THROUGH_STATES: ReadonlySet<number> = new Set([
  State.SUCCESS,
  State.WARNING,
  State.WARN,
  State.UNSUPPORTED,
]);

/** The session is over: the token expired, is not valid, or the account signed in elsewhere. */
export const SESSION_ENDING_STATES: ReadonlySet<number> = new Set([
  State.TOKEN_EXPIRED,
  State.ILLEGAL_TOKEN,
  State.OTHER_CLIENT,
]);

/** The envelope in a parsed body, or undefined when the body has no usable state. */
export function asEnvelope(body: unknown): Envelope | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const raw = (body as { state?: unknown }).state;
  const state = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof state !== 'number' || !Number.isFinite(state)) return undefined;
  return { ...(body as Envelope), state };
}
