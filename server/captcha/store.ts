/**
 * Image captchas: one row per request id in platform.captcha holding the answer (short-lived and single
 * use, so kept as is; the tests read it from there). A check consumes the captcha whatever its outcome,
 * so each image allows exactly one guess.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import { sameSecret } from '../auth/tokens.ts';
import { randomAnswer, renderCaptchaSvg, svgDataUrl } from './svg.ts';

export const CAPTCHA_TTL_SECONDS = 180;

export async function createCaptcha(
  db: Db,
  opts: { replaces?: string; ip?: string },
): Promise<{ image: string; variables: { requestId: string } }> {
  if (opts.replaces)
    await db
      .deleteFrom('platform.captcha')
      .where('id', '=', opts.replaces)
      .where('used_at', 'is', null)
      .execute();
  const answer = randomAnswer();
  const requestId = randomBytes(18).toString('base64url');
  const now = new Date();
  await db
    .insertInto('platform.captcha')
    .values({
      id: requestId,
      answer,
      ip: opts.ip ?? null,
      created_at: now,
      expires_at: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    })
    .execute();
  return { image: svgDataUrl(renderCaptchaSvg(answer)), variables: { requestId } };
}

/** Checks and consumes a captcha; every failure is 6020104 with a message saying why. */
export async function verifyCaptcha(db: Db, input: { captcha?: string; requestId?: string }): Promise<void> {
  const guess = input.captcha?.trim();
  if (!guess || !input.requestId)
    throw new ApiError(Code.CAPTCHA_REQUIRED, 'error.code.6020104', {}, { reason: 'required' });
  const row = await db
    .updateTable('platform.captcha')
    .set({ used_at: new Date() })
    .where('id', '=', input.requestId)
    .where('used_at', 'is', null)
    .returning(['answer', 'expires_at'])
    .executeTakeFirst();
  if (!row)
    throw new ApiError(Code.CAPTCHA_REQUIRED, 'auth.captcha.invalid', {}, { reason: 'unknown-or-used' });
  if (new Date(row.expires_at).getTime() <= Date.now())
    throw new ApiError(Code.CAPTCHA_REQUIRED, 'auth.captcha.expired', {}, { reason: 'expired' });
  if (!sameSecret(guess.toUpperCase(), row.answer.toUpperCase())) {
    throw new ApiError(Code.CAPTCHA_REQUIRED, 'auth.captcha.wrong', {}, { reason: 'wrong' });
  }
}

export async function pruneCaptchas(db: Db): Promise<void> {
  await db
    .deleteFrom('platform.captcha')
    .where('expires_at', '<', new Date(Date.now() - 3600 * 1000))
    .execute();
}
