/**
 * The alert sweep: for each confirmed subscription, what became public since its watermark (changes.ts)
 * goes out in one mail listing it, with the link that ends the subscription. The watermark moves and the
 * send is recorded (filing.follow_alert) in the same transaction as the mail is written (outbox) or
 * handed over (SMTP), under a lock of the subscription's row: two sweeps at once, a retried job or a
 * second server never mail the same change twice.
 *
 * The watermark is `alerted_until` (the sweep's instant) with the keys of the items of the last
 * OVERLAP_MS already sent (`recent_keys`): a publication whose transaction began before a sweep but
 * committed after it carries an earlier time, and is still found, once, by the next sweep.
 *
 * Limits: one alert mail per address per sweep (its other subscriptions wait for the next sweep), and
 * DAILY_LIMIT per address in 24 hours (past it the changes wait, nothing is lost).
 */
import { sql } from 'kysely';
import type { ServerConfig } from '../../../config.ts';
import { inTransaction, type Db } from '../../../db/database.ts';
import { hashToken, newId } from '../../../auth/tokens.ts';
import { chinaDate, chinaMidnight, type PlainDate } from '../../filing/dates.ts';
import { changesSince, latestChange } from './changes.ts';
import { alertMail, oneClickAddress, unsubscribePage } from './mails.ts';
import { DAY_MS, languageOf, newToken, sendMail, targetOfRow } from './subscriptions.ts';
import { describeTarget, targetPage } from './target.ts';
import './tables.ts';

export const OVERLAP_MS = 10 * 60_000;
export const DAILY_LIMIT = 20;

export interface SweepDeps {
  db: Db;
  config: Pick<ServerConfig, 'mailSmtpUrl' | 'mailFrom' | 'apiBase'>;
  log: { warn(m: string): void };
}

export interface SweepResult {
  /** Subscriptions looked at (those with anything new since their watermark). */
  checked: number;
  /** Alert mails sent. */
  sent: number;
  /** Subscriptions whose news wait: the address had its mail of this sweep, or its day's limit. */
  deferred: number;
}

type Outcome = 'sent' | 'nothing' | 'deferred';

/** One subscription: what is new since its watermark, mailed once; the watermark moves with the send. */
async function sweepOne(deps: SweepDeps, id: string, now: Date, today: PlainDate): Promise<Outcome> {
  return inTransaction(deps.db, async (trx) => {
    const sub = await trx
      .selectFrom('filing.follow_subscription')
      .selectAll()
      .where('id', '=', id)
      .where('state', '=', 'CONFIRMED')
      .forUpdate()
      .executeTakeFirst();
    if (!sub?.confirmed_at) return 'nothing';
    const confirmedAt = new Date(sub.confirmed_at).getTime();
    const until = sub.alerted_until ? new Date(sub.alerted_until).getTime() : confirmedAt;
    const since = new Date(Math.max(confirmedAt, until - OVERLAP_MS));
    const target = await targetOfRow(trx, sub);
    const items = await changesSince(trx, target, since, today, sub.origin);
    const recent = new Set(sub.recent_keys);
    const fresh = items.filter((i) => !recent.has(i.key));
    // What the next sweep will look at again (after now - OVERLAP) and must not send twice.
    const watermark = {
      alerted_until: now,
      recent_keys: items.filter((i) => i.at.getTime() > now.getTime() - OVERLAP_MS).map((i) => i.key),
    };
    if (!fresh.length) {
      await trx.updateTable('filing.follow_subscription').set(watermark).where('id', '=', sub.id).execute();
      return 'nothing';
    }
    const today24 = await trx
      .selectFrom('filing.follow_alert as a')
      .innerJoin('filing.follow_subscription as s', 's.id', 'a.subscription_id')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('s.email', '=', sub.email)
      .where('a.sent_at', '>', new Date(now.getTime() - DAY_MS))
      .executeTakeFirstOrThrow();
    if (Number(today24.n) >= DAILY_LIMIT) return 'deferred';
    const token = newToken();
    await trx
      .insertInto('filing.follow_alert')
      .values({
        id: newId(),
        subscription_id: sub.id,
        items: fresh.length,
        unsubscribe_token_hash: hashToken(token),
        sent_at: now,
      })
      .execute();
    await trx.updateTable('filing.follow_subscription').set(watermark).where('id', '=', sub.id).execute();
    const lang = languageOf(sub.language);
    await sendMail(
      deps.config,
      trx,
      alertMail(lang, sub.email, {
        target: describeTarget(lang, target),
        page: targetPage(sub.origin, target),
        items: fresh,
        unsubscribe: unsubscribePage(sub.origin, token),
        oneClick: oneClickAddress(sub.origin, deps.config.apiBase, token),
      }),
    );
    return 'sent';
  });
}

/**
 * One sweep over the confirmed subscriptions that may have news: those whose watermark is older than
 * the latest change of the register. A subscription that fails (its mail refused) is logged and left for
 * the next sweep; a sweep in which every send failed throws, so the job queue tries it again.
 */
export async function sweepFollows(deps: SweepDeps, now = new Date()): Promise<SweepResult> {
  const today = chinaDate(now);
  const latest = await latestChange(deps.db, chinaMidnight(today));
  const overlap = sql.raw(`interval '${OVERLAP_MS / 1000} seconds'`);
  const since = sql<Date>`greatest(s.confirmed_at, coalesce(s.alerted_until, s.confirmed_at) - ${overlap})`;
  const candidates = await deps.db
    .selectFrom('filing.follow_subscription as s')
    .select(['s.id', 's.email'])
    .where('s.state', '=', 'CONFIRMED')
    .where(since, '<', latest)
    .orderBy('s.email')
    .orderBy('s.id')
    .execute();
  const result: SweepResult = { checked: 0, sent: 0, deferred: 0 };
  const mailed = new Set<string>();
  const failures: string[] = [];
  for (const c of candidates) {
    if (mailed.has(c.email)) {
      result.deferred += 1;
      continue;
    }
    result.checked += 1;
    try {
      const outcome = await sweepOne(deps, c.id, now, today);
      if (outcome === 'sent') {
        result.sent += 1;
        mailed.add(c.email);
      } else if (outcome === 'deferred') result.deferred += 1;
    } catch (err) {
      failures.push((err as Error).message);
      deps.log.warn(`follow alert of subscription ${c.id} not sent: ${(err as Error).message}`);
    }
  }
  if (failures.length && !result.sent) throw new Error(`follow alerts: none sent: ${failures[0]}`);
  return result;
}
