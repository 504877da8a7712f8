/** Opaque bearer tokens: 256 random bits, only their SHA-256 is stored. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newId = (): string => randomUUID();
