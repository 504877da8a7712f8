/**
 * Message alerts as jobs (issue 14): a send commits the message and, in the same transaction, one
 * `message-alert` job when the tenant's setting for the message type asks for SMS or e-mail. The send
 * request never waits on the receivers: a message to everyone in a tenant of 100,000 returns at once.
 * A worker expands the targets a page of distinct addresses at a time and queues one
 * `message-alert-batch` job per page; the batch worker hands each address to the SMS gateway or the
 * mail adapter. The jobs run on the server's job queue (pg-boss, server/jobs/queue.ts):
 * they survive a restart, and any server process with workers runs them.
 *
 * Retries never alert anyone twice: a batch's job id is derived from its expansion job and page, so a
 * retried expansion finds its batches already queued; a batch that delivered nothing (the gateway or
 * SMTP server down) fails and is retried later; a batch that delivered some keeps the refusals in the
 * job's output (pgboss.job.output) and in a warning in the server log, and is not retried.
 */
import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Db } from '../../db/database.ts';
import { kyselyExecutor, type JobQueue } from '../../jobs/queue.ts';
import { maskMobile } from '../../auth/tokens.ts';
import type { MailAdapter } from '../../mail/gateway.ts';
import type { SmsGateway } from '../../sms/gateway.ts';
import { alertAddressPage, alertSettings, alertTexts, type AlertChannel } from './message-alerts.ts';

export const MESSAGE_ALERT_QUEUE = 'message-alert';
export const MESSAGE_ALERT_BATCH_QUEUE = 'message-alert-batch';
/** Addresses per batch job (a page of the expansion). */
export const ALERT_PAGE_SIZE = 500;

/** What the send request puts in the queue. */
export interface MessageAlertJob {
  schema: string;
  messageId: string;
  messageType: string;
  subject: string;
  senderName: string;
  targetKeys: string[];
  channels: AlertChannel[];
  /** The alert texts; by default those of a message alert (alertTexts). Filing notices bring their own. */
  texts?: AlertTexts;
  /** What the SMS / mail is for, kept in the outboxes (default 'message-alert'). */
  purpose?: string;
}

/** The texts of one alert: the SMS, the mail's subject and body. */
export interface AlertTexts {
  sms: string;
  mailSubject: string;
  mailText: string;
}

interface BatchJob {
  messageId: string;
  channel: AlertChannel;
  /** What the alert is for (default 'message-alert'). */
  purpose?: string;
  to: string[];
  /** SMS text, or the mail's body. */
  text: string;
  /** The mail's subject (e-mail only). */
  subject?: string;
}

export interface BatchResult {
  delivered: number;
  failed: { to: string; error: string }[];
}

export interface AlertJobDeps {
  db: Db;
  sms: SmsGateway;
  mail: MailAdapter;
  log: { warn(m: string): void };
}

export interface MessageAlertJobs {
  /**
   * Queues the alerts of one message in the caller's transaction (`trx`), if the tenant's setting for
   * its type asks for any; returns whether a job was queued. Call `ready()` before opening `trx`.
   */
  enqueue(trx: Db, m: Omit<MessageAlertJob, 'channels' | 'texts' | 'purpose'>): Promise<boolean>;
  /**
   * Queues an alert job as given (channels and texts chosen by the caller, e.g. a filing notice) in the
   * caller's transaction. The job's id is derived from the message: one message, at most one job.
   */
  enqueueJob(trx: Db, job: MessageAlertJob): Promise<void>;
  /** Resolves once the queues exist (on embedded PGlite the queue shares the one connection). */
  ready(): Promise<void>;
}

/** A UUID derived from a text: the same page of the same expansion is the same job. */
function derivedId(text: string): string {
  const h = createHash('sha1').update(text).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** An address as the log shows it (the job's output keeps it whole, in the database). */
const shown = (channel: AlertChannel, to: string) =>
  channel === 'sms' ? maskMobile(to) : to.replace(/^(.)[^@]*@/, '$1***@');

/** Sends one batch; each refusal is logged and kept in the result. */
export async function deliverBatch(deps: AlertJobDeps, b: BatchJob): Promise<BatchResult> {
  const result: BatchResult = { delivered: 0, failed: [] };
  const purpose = b.purpose ?? 'message-alert';
  const what = purpose === 'message-alert' ? 'message alert' : purpose.replace(/-/g, ' ');
  for (const to of b.to) {
    try {
      if (b.channel === 'sms')
        await deps.sms.send({ mobile: to, purpose, code: '', minutes: 0, content: b.text });
      else await deps.mail.send({ to, subject: b.subject ?? '', text: b.text, purpose });
      result.delivered++;
    } catch (err) {
      const error = (err as Error).message;
      result.failed.push({ to, error });
      deps.log.warn(
        `${what}: ${b.channel === 'sms' ? 'SMS' : 'mail'} to ${shown(b.channel, to)} not sent (message ${b.messageId}): ${error}`,
      );
    }
  }
  // Nothing went out: the gateway is likely down; fail so that the queue tries the batch again.
  if (b.to.length && !result.delivered)
    throw new Error(`${what}: none of ${b.to.length} ${b.channel} alerts sent: ${result.failed[0].error}`);
  return result;
}

/**
 * Expands one message's targets into batch jobs, a page of distinct addresses at a time. Run again for
 * the same job (a retry), it queues nothing new: each batch's id is derived from the job and its page.
 * `queued` counts the batches this run added.
 */
export async function expandAlertJob(
  boss: PgBoss,
  deps: Pick<AlertJobDeps, 'db'>,
  jobId: string,
  m: MessageAlertJob,
  pageSize = ALERT_PAGE_SIZE,
): Promise<{ batches: number; addresses: number; queued: number }> {
  const texts = m.texts ?? alertTexts(m);
  let batches = 0;
  let addresses = 0;
  let queued = 0;
  for (const channel of m.channels) {
    let after: string | null = null;
    for (let page = 0; ; page++) {
      const to = await alertAddressPage(deps.db, m.schema, m.targetKeys, channel, after, pageSize);
      if (!to.length) break;
      const purpose = m.purpose === undefined ? {} : { purpose: m.purpose };
      const batch: BatchJob =
        channel === 'sms'
          ? { messageId: m.messageId, channel, ...purpose, to, text: texts.sms }
          : {
              messageId: m.messageId,
              channel,
              ...purpose,
              to,
              text: texts.mailText,
              subject: texts.mailSubject,
            };
      const id = await boss.send(MESSAGE_ALERT_BATCH_QUEUE, batch as object, {
        id: derivedId(`${jobId}:${channel}:${page}`),
      });
      if (id) queued++;
      batches++;
      addresses += to.length;
      if (to.length < pageSize) break;
      after = to[to.length - 1];
    }
  }
  return { batches, addresses, queued };
}

export function messageAlertJobs(
  jobs: JobQueue,
  deps: AlertJobDeps,
  opts: { pollingIntervalSeconds?: number; pageSize?: number } = {},
): MessageAlertJobs & { start(): Promise<void> } {
  const queues = jobs.queues(MESSAGE_ALERT_QUEUE, MESSAGE_ALERT_BATCH_QUEUE);
  // A failure here shows at the first enqueue (and in start()); never as an unhandled rejection.
  queues.catch(() => {});
  const pageSize = opts.pageSize ?? ALERT_PAGE_SIZE;

  return {
    ready: async () => void (await queues),
    async enqueue(trx, m) {
      const setting = (await alertSettings(trx, m.schema)).find((s) => s.messageType === m.messageType);
      const channels: AlertChannel[] = [];
      if (setting?.sms) channels.push('sms');
      if (setting?.email) channels.push('email');
      if (!channels.length) return false;
      const boss = await queues;
      const job: MessageAlertJob = { ...m, channels };
      const id = await boss.send(MESSAGE_ALERT_QUEUE, job as unknown as object, {
        db: kyselyExecutor(trx, false),
      });
      if (!id) throw new Error('message alert job not queued');
      return true;
    },
    async enqueueJob(trx, job) {
      if (!job.channels.length) return;
      const boss = await queues;
      // Derived from the message: queuing the same message's alerts again adds nothing.
      await boss.send(MESSAGE_ALERT_QUEUE, job as unknown as object, {
        id: derivedId(`alert:${job.schema}:${job.messageId}`),
        db: kyselyExecutor(trx, false),
      });
    },
    async start() {
      const boss = await queues;
      if (!jobs.workers) return;
      const polling = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 };
      await boss.work<MessageAlertJob>(MESSAGE_ALERT_QUEUE, polling, async ([job]) =>
        expandAlertJob(boss, deps, job.id, job.data, pageSize),
      );
      await boss.work<BatchJob>(MESSAGE_ALERT_BATCH_QUEUE, polling, async ([job]) =>
        deliverBatch(deps, job.data),
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues the SMS / e-mail alerts of a sent message (server/modules/alerts/alert-jobs.ts). */
    messageAlerts: MessageAlertJobs;
  }
}
