/**
 * Subscriptions of following (double opt-in): a request stores a PENDING subscription and mails its
 * confirmation link; the link confirms it (CONFIRMED, alerts from then on); an alert's link, or the
 * confirmation page's, ends it (UNSUBSCRIBED). Tokens are random and only their SHA-256 is stored. Asking
 * again for the same address and target never adds a row and answers the same whatever the state, so the
 * answer never tells whether an address follows something. Mails are written in the same transaction as
 * the row (the outbox) or sent before it commits (SMTP): a failed send leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import type { ServerConfig } from '../../../config.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { hashToken, newId } from '../../../auth/tokens.ts';
import { Code } from '../../../http/codes.ts';
import { ApiError } from '../../../http/envelope.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../http/i18n.ts';
import { mailAdapterFor } from '../../../mail/gateway.ts';
import type { PublicList } from '../filters.ts';
import { alreadyFollowingMail, confirmMail, confirmPage, type FollowMail } from './mails.ts';
import { describeTarget, targetKey, targetPage, type FollowTarget } from './target.ts';
import type { FollowState, FollowSubscriptionTable } from './tables.ts';
import type { Selectable } from 'kysely';
import './tables.ts';

/** A confirmation link is good for this long; a subscription never confirmed is deleted after it. */
export const PENDING_DAYS = 7;
export const DAY_MS = 86_400_000;

export type MailConfig = Pick<ServerConfig, 'mailSmtpUrl' | 'mailFrom'>;
type Row = Selectable<FollowSubscriptionTable>;

/** A stored language, as the translator takes it. */
export const languageOf = (stored: string): Language =>
  (LANGUAGES as readonly string[]).includes(stored) ? (stored as Language) : DEFAULT_LANGUAGE;

export const newToken = (): string => randomBytes(32).toString('base64url');

const badToken = () => new ApiError(Code.ILLEGAL_REQUEST, 'publicFollow.error.badToken');

/** Sends through the configured gateway inside `trx` (the outbox writes its row there). */
export async function sendMail(config: MailConfig, trx: Db, mail: FollowMail): Promise<void> {
  const adapter = mailAdapterFor(config, trx);
  try {
    await adapter.send(mail);
  } finally {
    await adapter.close?.();
  }
}

/** An address as stored and compared: trimmed, lower-case. */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** Stores (or renews) the subscription of `email` to `target` and mails the link that confirms it. */
export async function requestSubscription(
  db: Db,
  config: MailConfig,
  input: { email: string; target: FollowTarget; lang: Language; origin: string; now?: Date },
): Promise<void> {
  const { target, lang, origin } = input;
  const email = normalEmail(input.email);
  const key = targetKey(target);
  const now = input.now ?? new Date();
  const described = describeTarget(lang, target);
  await inTransaction(db, async (trx) => {
    const existing = await trx
      .selectFrom('filing.follow_subscription')
      .select(['id', 'state'])
      .where('email', '=', email)
      .where('target_key', '=', key)
      .forUpdate()
      .executeTakeFirst();
    if (existing?.state === 'CONFIRMED') {
      await sendMail(config, trx, alreadyFollowingMail(lang, email, described, targetPage(origin, target)));
      return;
    }
    const token = newToken();
    // A renewed request (never confirmed, or ended) starts over: a new link, a new seven days.
    const fresh = {
      language: lang,
      origin,
      state: 'PENDING' as const,
      confirm_token_hash: hashToken(token),
      unsubscribe_token_hash: null,
      created_at: now,
      confirmed_at: null,
      unsubscribed_at: null,
      alerted_until: null,
      recent_keys: [],
    };
    if (existing)
      await trx.updateTable('filing.follow_subscription').set(fresh).where('id', '=', existing.id).execute();
    else {
      const inserted = await trx
        .insertInto('filing.follow_subscription')
        .values({
          id: newId(),
          email,
          target_key: key,
          case_id: target.kind === 'case' ? target.caseId : null,
          list: target.kind === 'search' ? target.list : null,
          filters: target.kind === 'search' ? JSON.stringify(target.filters) : null,
          ...fresh,
        })
        .onConflict((oc) => oc.columns(['email', 'target_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      // The same request at the same moment from elsewhere: that one mails the link.
      if (!inserted) return;
    }
    await sendMail(config, trx, confirmMail(lang, email, described, confirmPage(origin, token)));
  });
}

/** The target a stored subscription follows. */
export async function targetOfRow(
  db: Db,
  row: Pick<Row, 'case_id' | 'list' | 'filters'>,
): Promise<FollowTarget> {
  if (row.case_id) {
    const c = await db
      .selectFrom('filing.case')
      .select('case_no')
      .where('id', '=', row.case_id)
      .executeTakeFirstOrThrow();
    return { kind: 'case', caseId: row.case_id, caseNo: c.case_no ?? '' };
  }
  const filters = typeof row.filters === 'string' ? JSON.parse(row.filters) : (row.filters ?? {});
  return { kind: 'search', list: row.list as PublicList, filters };
}

export interface FollowOutcome {
  state: Exclude<FollowState, 'PENDING'>;
  caseNo: string | null;
  list: PublicList | null;
  /** The target in words, in the caller's language. */
  target: string;
  /** For the confirmation page: a link that ends the subscription (a new one at each confirmation). */
  unsubscribeToken?: string;
}

/** The answer about a confirmed or ended subscription. */
async function outcomeOf(db: Db, row: Row, lang: Language, extra: Partial<FollowOutcome> = {}) {
  const target = await targetOfRow(db, row);
  return {
    state: row.state === 'UNSUBSCRIBED' ? 'UNSUBSCRIBED' : 'CONFIRMED',
    caseNo: target.kind === 'case' ? target.caseNo : null,
    list: target.kind === 'search' ? target.list : null,
    target: describeTarget(lang, target),
    ...extra,
  } satisfies FollowOutcome;
}

/** Confirms by the mailed token; again and again the same answer. An ended subscription stays ended. */
export async function confirmSubscription(
  db: Db,
  token: string,
  lang: Language,
  now = new Date(),
): Promise<FollowOutcome> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('filing.follow_subscription')
      .selectAll()
      .where('confirm_token_hash', '=', hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw badToken();
    if (row.state === 'UNSUBSCRIBED') return outcomeOf(trx, row, lang);
    if (row.state === 'PENDING' && now.getTime() - new Date(row.created_at).getTime() > PENDING_DAYS * DAY_MS)
      throw new ApiError(Code.ILLEGAL_REQUEST, 'publicFollow.error.tokenExpired', { days: PENDING_DAYS });
    const unsubscribe = newToken();
    const updated = await trx
      .updateTable('filing.follow_subscription')
      .set({
        state: 'CONFIRMED',
        confirmed_at: row.confirmed_at ?? now,
        // Alerts cover what becomes public from the confirmation on.
        alerted_until: row.alerted_until ?? now,
        unsubscribe_token_hash: hashToken(unsubscribe),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return outcomeOf(trx, updated, lang, { unsubscribeToken: unsubscribe });
  });
}

/** Ends a subscription by the token of its confirmation page or of any of its alert mails; idempotent. */
export async function endSubscription(
  db: Db,
  token: string,
  lang: Language,
  now = new Date(),
): Promise<FollowOutcome> {
  const hash = hashToken(token);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('filing.follow_subscription as s')
      .selectAll('s')
      .where((e) =>
        e.or([
          e('s.unsubscribe_token_hash', '=', hash),
          e(
            's.id',
            '=',
            e
              .selectFrom('filing.follow_alert as a')
              .select('a.subscription_id')
              .where('a.unsubscribe_token_hash', '=', hash),
          ),
        ]),
      )
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw badToken();
    if (row.state === 'UNSUBSCRIBED') return outcomeOf(trx, row, lang);
    const ended = await trx
      .updateTable('filing.follow_subscription')
      .set({ state: 'UNSUBSCRIBED', unsubscribed_at: now })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return outcomeOf(trx, ended, lang);
  });
}

/** Ended subscriptions are kept this long (a second click on the link still says it is ended). */
export const ENDED_DAYS = 30;
/** Alert rows (the daily limit, the mails' unsubscribe links) are kept this long. */
export const ALERT_DAYS = 90;

/** Forgets what is no longer needed: unconfirmed requests after 7 days, ended ones after 30, old alerts. */
export async function pruneSubscriptions(
  db: Db,
  now = new Date(),
): Promise<{ pending: number; ended: number }> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const pending = await db
    .deleteFrom('filing.follow_subscription')
    .where('state', '=', 'PENDING')
    .where('created_at', '<', before(PENDING_DAYS))
    .executeTakeFirst();
  const ended = await db
    .deleteFrom('filing.follow_subscription')
    .where('state', '=', 'UNSUBSCRIBED')
    .where('unsubscribed_at', '<', before(ENDED_DAYS))
    .executeTakeFirst();
  await db.deleteFrom('filing.follow_alert').where('sent_at', '<', before(ALERT_DAYS)).execute();
  return { pending: Number(pending.numDeletedRows), ended: Number(ended.numDeletedRows) };
}
