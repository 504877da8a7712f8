/**
 * Sending e-mail. One small interface, two adapters: the outbox (default; the platform table
 * platform.mail_outbox, read by development and tests) and SMTP when MAIL_SMTP_URL is set.
 */
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { OutboxMailAdapter } from './outbox.ts';
import { SmtpMailAdapter } from './smtp.ts';
import type { MailAdapter } from './mail-message.ts';

export type { MailAdapter, MailMessage } from './mail-message.ts';

export function mailAdapterFor(config: Pick<ServerConfig, 'mailSmtpUrl' | 'mailFrom'>, db: Db): MailAdapter {
  if (config.mailSmtpUrl) return new SmtpMailAdapter(config.mailSmtpUrl, config.mailFrom);
  return new OutboxMailAdapter(db);
}
