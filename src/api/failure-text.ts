/**
 * The text shown for a failed call (spec §8): message with cause, message only, cause only, the
 * text of the state or HTTP status, else "unknown error, code {state}".
 */
import type { Envelope } from './envelope.ts';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** Codes with a client-side text: HTTP statuses and the two security codes the spec lists with them. */
export const STATUS_TEXT_CODES: ReadonlySet<number> = new Set([
  400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505, 6010101, 6020101,
]);

export function statusText(code: number | undefined, t: Translate): string | undefined {
  return code !== undefined && STATUS_TEXT_CODES.has(code) ? t(`http.status.${code}`) : undefined;
}

function nonEmpty(text: unknown): string | undefined {
  return typeof text === 'string' && text.trim() !== '' ? text.trim() : undefined;
}

/**
 * A cause as one line: a string as is, field errors as "label: message; …" (the field in words, never
 * its raw name), anything else as JSON.
 * Objects without a message inside a list are details for the screen (e.g. the incomplete sections of a
 * filing, which the message already names), not text: they are left out.
 */
export function causeText(cause: unknown): string | undefined {
  if (cause === null || cause === undefined) return undefined;
  if (typeof cause === 'string') return nonEmpty(cause);
  if (Array.isArray(cause)) {
    const parts = cause.map((item) => {
      if (item && typeof item === 'object' && 'message' in item) {
        // The server names each field in words (label); its path (field) is for forms, never shown.
        const { label, message } = item as { label?: unknown; message?: unknown };
        return typeof label === 'string' && label ? `${label}: ${String(message)}` : String(message);
      }
      return typeof item === 'string' ? item : '';
    });
    return nonEmpty(parts.filter(Boolean).join('; '));
  }
  return nonEmpty(JSON.stringify(cause));
}

export function describeFailure(
  envelope: Pick<Envelope, 'state' | 'message' | 'cause'>,
  httpStatus: number | undefined,
  t: Translate,
): string {
  const message = nonEmpty(envelope.message);
  const cause = causeText(envelope.cause);
  // The server often repeats field errors inside its message; say them once.
  if (message && cause && !message.includes(cause)) return t('http.messageWithCause', { message, cause });
  if (message) return message;
  if (cause) return cause;
  return (
    statusText(envelope.state, t) ??
    statusText(httpStatus, t) ??
    t('http.unknownError', { state: envelope.state })
  );
}
