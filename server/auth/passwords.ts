/**
 * Password hashing with argon2id at OWASP's minimum (m = 19 MiB, t = 2, p = 1).
 * @node-rs/argon2 ships prebuilt native binaries through the npm registry: no build step, no download.
 */
import { hash, verify } from '@node-rs/argon2';

// algorithm 2 is Argon2id (the package's const enum cannot be imported under isolatedModules).
const PARAMS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, PARAMS);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  // Verify against a fixed hash when the account has none, so timing does not reveal which accounts exist.
  if (!stored) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

const dummyHash = hash('no-password-set', PARAMS);
