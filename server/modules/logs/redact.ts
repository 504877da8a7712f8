/**
 * Front-end log text may carry secrets by accident (a URL with ?access_token=, an Authorization header
 * in an error message). Anything token-like is replaced before it is stored: secrets never reach logs.
 */

const REDACTED = '[redacted]';

const RULES: [RegExp, string][] = [
  // Authorization: Bearer <token>
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // key=value or "key":"value" where the key names a secret
  [
    /((?:access_token|refresh_token|id_token|token|ticket|password|passwd|secret|client_secret|authorization|validCode)["']?\s*[:=]\s*["']?)[^\s&"',;}]+/gi,
    `$1${REDACTED}`,
  ],
  // JSON Web Tokens
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, REDACTED],
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Long opaque strings: our tokens are 43 base64url characters. Record ids (uuids) are kept. */
const OPAQUE = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;

export function redactSecrets(text: string): string {
  const named = RULES.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
  return named.replace(OPAQUE, (match) => (UUID.test(match) ? match : REDACTED));
}

/** Redacted and cut to a length a log row should never exceed. */
export function cleanLogText(text: unknown, max: number): string | null {
  if (typeof text !== 'string') return null;
  const clean = redactSecrets(text);
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
