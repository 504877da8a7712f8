/**
 * The local error log must never hold a token in clear (spec §3 'Log entry': meta.token is masked).
 * Error texts and addresses can carry one (a file link's ticket is in its query), so the
 * session's access token and anything shaped like a token parameter or bearer header are masked.
 */
const PATTERNS: [RegExp, string][] = [
  [/\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 ***'],
  [/((?:access_token|refresh_token|token|ticket|password|passwd|validCode)=)[^&\s#"']+/gi, '$1***'],
];

export function maskSecrets(text: string, knownSecrets: readonly (string | null | undefined)[] = []): string {
  let out = text;
  for (const secret of knownSecrets) {
    if (secret && secret.length >= 8) out = out.split(secret).join('***');
  }
  return PATTERNS.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), out);
}

/** A token as the log may show it: its last 4 characters only. */
export function maskToken(token: string | null | undefined): string | undefined {
  if (!token) return undefined;
  return `***${token.slice(-4)}`;
}
