/**
 * A failed call as the environment's `call` rejects: the app's client rejects with an error carrying
 * `kind` and `text` (src/api/api-call-error.ts) after it has shown the failure to the user, except a
 * pass-through state (warning, unsupported), which the caller shows. Anything else is not a call
 * failure but a fault of the screen.
 */
export interface CallFailure {
  kind: string;
  text: string;
  state?: number;
  /** The server's envelope, when it answered with one. */
  envelope?: { cause?: unknown };
}

/** The envelope state of a refusal (spec §8 6010104 'no access permission'). */
export const NO_PERMISSION_STATE = 6010104;

export function callFailure(error: unknown): CallFailure | null {
  if (!(error instanceof Error)) return null;
  const { kind, text } = error as Error & Partial<CallFailure>;
  return typeof kind === 'string' && typeof text === 'string' ? (error as Error & CallFailure) : null;
}

/**
 * Shows what the client left to the caller: the text of a pass-through state as a warning; a fault
 * that is not a call failure as an error (`fault` words it). Failures the client showed stay quiet.
 */
export function showCallFailure(
  error: unknown,
  ui: { warning(text: string): void; error(text: string): void },
  fault: (detail: string) => string,
): void {
  const failure = callFailure(error);
  if (failure) {
    if (failure.kind === 'passThrough') ui.warning(failure.text);
  } else ui.error(fault(error instanceof Error ? error.message : String(error)));
}

/**
 * Whether a call was refused because the session lacks a permission (6010104 with cause.reason
 * 'permission', server/http/access.ts), as opposed to other 6010104 refusals (a password that must be
 * changed first) or any other failure.
 */
export function isPermissionRefusal(error: unknown): boolean {
  const failure = callFailure(error);
  if (!failure || failure.state !== NO_PERMISSION_STATE) return false;
  const cause = failure.envelope?.cause as { reason?: unknown } | null | undefined;
  return cause?.reason === 'permission';
}
