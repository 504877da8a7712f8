/** Opaque bearer tokens: 256 random bits, only their SHA-256 is stored. */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newId = (): string => randomUUID();

/** Constant-time comparison of two strings (for secrets and hashes). */
export function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y) && a.length === b.length;
}

/** 139****5678: enough for a person to recognise their number, not enough to learn someone else's. */
export function maskMobile(mobile: string | null | undefined): string | null {
  if (!mobile) return null;
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}
