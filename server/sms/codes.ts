/**
 * SMS verification codes: 6 digits, valid 10 minutes, stored as a salted and peppered SHA-256 (never in
 * clear), single use, at most MAX_ATTEMPTS wrong guesses per code, one send per mobile and purpose every
 * 60 s, and at most config.smsPerPhonePerHour sends per mobile per hour (all purposes together).
 *
 * Purposes: 'login' (SMS login), 'verify' (proof of owning a mobile: registration, forgotten password,
 * supplementary entry), 'old-phone' and 'new-phone' (the two steps of a mobile change, so the 60 s wait
 * is kept separately for the old and the new number).
 */
import { createHash, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import { translate, type Language } from '../http/i18n.ts';
import { newId, sameSecret } from '../auth/tokens.ts';
import { smsGatewayFor } from './gateway.ts';

export type SmsPurpose = 'login' | 'verify' | 'old-phone' | 'new-phone';

export const CODE_TTL_MINUTES = 10;
export const RESEND_SECONDS = 60;
export const MAX_ATTEMPTS = 5;

function codeHash(id: string, code: string, pepper: string): string {
  return createHash('sha256').update(`${id}:${code}:${pepper}`).digest('hex');
}

export interface SendDeps {
  db: Db;
  config: ServerConfig;
  log: FastifyBaseLogger;
  lang: Language;
  ip?: string;
}

/**
 * Sends a new code (the previous unused one of the same mobile and purpose stops working). With
 * `deliver: false` the code is recorded but not sent: used for numbers without an account, so that the
 * answer, the 60 s wait and the hourly cap look the same whether an account exists or not.
 */
export async function sendCode(
  deps: SendDeps,
  mobile: string,
  purpose: SmsPurpose,
  accountId: string | null = null,
  opts: { deliver?: boolean } = {},
): Promise<void> {
  const { db, config } = deps;
  const now = Date.now();
  const last = await db
    .selectFrom('platform.sms_code')
    .select('created_at')
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (last) {
    const wait = Math.ceil((new Date(last.created_at).getTime() + RESEND_SECONDS * 1000 - now) / 1000);
    if (wait > 0)
      throw new ApiError(
        Code.WARNING,
        'auth.sms.resendWait',
        { seconds: wait },
        { reason: 'resend-wait', retryAfter: wait },
      );
  }
  const hour = await db
    .selectFrom('platform.sms_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('mobile', '=', mobile)
    .where('created_at', '>', new Date(now - 3600 * 1000))
    .executeTakeFirstOrThrow();
  if (Number(hour.n) >= config.smsPerPhonePerHour) {
    throw new ApiError(
      Code.WARNING,
      'auth.sms.tooMany',
      { limit: config.smsPerPhonePerHour },
      { reason: 'hourly-limit' },
    );
  }
  const id = newId();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .updateTable('platform.sms_code')
    .set({ used_at: new Date(now) })
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('platform.sms_code')
    .values({
      id,
      mobile,
      purpose,
      code_hash: codeHash(id, code, config.appSecret),
      account_id: accountId,
      ip: deps.ip ?? null,
      created_at: new Date(now),
      expires_at: new Date(now + CODE_TTL_MINUTES * 60 * 1000),
    })
    .execute();
  if (opts.deliver === false) return;
  const content = translate(deps.lang, 'auth.sms.text', { code, minutes: CODE_TTL_MINUTES });
  try {
    await smsGatewayFor(config, db, deps.log).send({
      mobile,
      purpose,
      code,
      minutes: CODE_TTL_MINUTES,
      content,
    });
  } catch (err) {
    // Not sent: the code must not count against the 60 s wait nor stay usable.
    await db.deleteFrom('platform.sms_code').where('id', '=', id).execute();
    deps.log.error({ err: String(err) }, 'SMS provider failed');
    throw new ApiError(503, 'auth.sms.sendFailed');
  }
}

/**
 * Checks the newest live code of a mobile and purpose; consumes it unless `peek`. Every check takes one of
 * the code's MAX_ATTEMPTS in a single atomic update before the code is compared, so concurrent guesses
 * cannot pass the limit; a wrong guess that uses the last attempt kills the code. Every failure is
 * 6010101 'code wrong or expired'.
 */
export async function checkCode(
  db: Db,
  config: ServerConfig,
  mobile: string,
  purpose: SmsPurpose,
  code: string,
  opts: { peek?: boolean } = {},
): Promise<{ accountId: string | null }> {
  const invalid = (reason: string) =>
    new ApiError(Code.ILLEGAL_REQUEST, 'auth.sms.codeInvalid', {}, [{ field: 'validCode', reason }]);
  const live = await db
    .selectFrom('platform.sms_code')
    .select(['id', 'expires_at'])
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!live) throw invalid('none');
  if (new Date(live.expires_at).getTime() <= Date.now()) throw invalid('expired');
  const row = await db
    .updateTable('platform.sms_code')
    .set({ attempts: sql`attempts + 1` })
    .where('id', '=', live.id)
    .where('used_at', 'is', null)
    .where('attempts', '<', MAX_ATTEMPTS)
    .returning(['id', 'code_hash', 'account_id', 'attempts'])
    .executeTakeFirst();
  if (!row) throw invalid('attempts');
  if (!sameSecret(codeHash(row.id, code.trim(), config.appSecret), row.code_hash)) {
    if (row.attempts >= MAX_ATTEMPTS) {
      await db
        .updateTable('platform.sms_code')
        .set({ used_at: new Date() })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .execute();
    }
    throw invalid('wrong');
  }
  if (!opts.peek) {
    const used = await db
      .updateTable('platform.sms_code')
      .set({ used_at: new Date() })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw invalid('used');
  }
  return { accountId: row.account_id };
}

export async function pruneSmsCodes(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
  await db.deleteFrom('platform.sms_code').where('created_at', '<', dayAgo).execute();
  await db
    .deleteFrom('platform.sms_outbox')
    .where('created_at', '<', new Date(Date.now() - 7 * 24 * 3600 * 1000))
    .execute();
}
