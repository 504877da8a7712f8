/**
 * Signed file links. A page cannot send an Authorization header from an <img>, pdf.js or a plain link, and
 * an access token in an address ends up in histories, proxy and server logs and Referer headers. So the
 * page asks fldFile.link (with its header) for a link to one file for one purpose, and the server answers
 * an address carrying a ticket:
 *
 *   ticket = base64url(JSON [sessionId, tenantId, expiresAt]) "." base64url(HMAC-SHA256(key, claims))
 *
 * The MAC covers the purpose (download, preview or image: one route each) and the attachment id too, which
 * travel outside the ticket, so a ticket is good for that file on that route only, until `expiresAt`
 * (TICKET_TTL_SECONDS after issue). It names the session, never its token: each use resolves the session
 * again, so signing out, a revocation or a tenant switch ends every link of the session at once, and the
 * route checks the operation's permission as for a header. Within its minute a ticket may be used more
 * than once, on purpose: pdf.js asks for byte ranges, an image is fetched again by the viewer.
 *
 * Stateless: nothing is stored per link. The key is the database's (platform.signing_key, made on first
 * use), so every instance on one database accepts every other's links; APP_SECRET, when set, is mixed in,
 * so the database alone cannot mint links.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { resolveSessionById, type AuthContext } from '../auth/session.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { fileError } from './errors.ts';

export type TicketPurpose = 'download' | 'preview' | 'image';

/** How long a link works after it was issued. */
export const TICKET_TTL_SECONDS = 60;

const KEY_NAME = 'file-link';

export interface TicketClaims {
  purpose: TicketPurpose;
  attachmentId: string;
  sessionId: string;
  /** The session's tenant when the link was issued: a tenant switch ends the link. */
  tenantId: string | null;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadKey(db: Db, config: ServerConfig): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url');
  await sql`insert into platform.signing_key (name, secret) values (${KEY_NAME}, ${fresh})
            on conflict (name) do nothing`.execute(db);
  const row = await sql<{
    secret: string;
  }>`select secret from platform.signing_key where name = ${KEY_NAME}`.execute(db);
  const secret = row.rows[0]?.secret;
  if (!secret) throw new Error('the file link key is missing');
  return createHmac('sha256', config.appSecret).update(secret).digest();
}

/** The key of this database, read once per process. */
function signingKey(db: Db, config: ServerConfig): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db, config);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

function macOf(key: Buffer, c: TicketClaims): Buffer {
  // A JSON array: no field can run into the next one, whatever an attachment id holds.
  const message = JSON.stringify([
    'mf-file-link-1',
    c.purpose,
    c.attachmentId,
    c.sessionId,
    c.tenantId,
    c.expiresAt,
  ]);
  return createHmac('sha256', key).update(message).digest();
}

export async function signTicket(db: Db, config: ServerConfig, claims: TicketClaims): Promise<string> {
  const key = await signingKey(db, config);
  const head = Buffer.from(JSON.stringify([claims.sessionId, claims.tenantId, claims.expiresAt])).toString(
    'base64url',
  );
  return `${head}.${macOf(key, claims).toString('base64url')}`;
}

/** The claims of a ticket's head, or undefined when it is not one of ours. */
function readHead(head: string): Omit<TicketClaims, 'purpose' | 'attachmentId'> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return undefined;
    const [sessionId, tenantId, expiresAt] = value as unknown[];
    if (typeof sessionId !== 'string' || !sessionId) return undefined;
    if (tenantId !== null && typeof tenantId !== 'string') return undefined;
    if (typeof expiresAt !== 'number' || !Number.isSafeInteger(expiresAt)) return undefined;
    return { sessionId, tenantId, expiresAt };
  } catch {
    return undefined;
  }
}

/**
 * The session a ticket stands for, when it is good for this file on this route now. A forged or altered
 * ticket, or one for another file or purpose, is 403 'linkInvalid'; an old one 403 'linkExpired'; the
 * session's own end answers its token code (6020201, 6020301, 6020102).
 */
export async function redeemTicket(
  db: Db,
  config: ServerConfig,
  ticket: string,
  wanted: { purpose: TicketPurpose; attachmentId: string },
): Promise<AuthContext> {
  const [head, mac, ...rest] = ticket.split('.');
  const claims = head && mac && rest.length === 0 ? readHead(head) : undefined;
  if (!claims) throw fileError('linkInvalid');
  const expected = macOf(await signingKey(db, config), { ...claims, ...wanted });
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw fileError('linkInvalid');
  if (claims.expiresAt * 1000 <= Date.now()) throw fileError('linkExpired');
  const auth = await resolveSessionById(db, claims.sessionId);
  if (auth.tenantId !== claims.tenantId) throw fileError('linkInvalid');
  return auth;
}
