/** The local mail adapter (default): mails land in platform.mail_outbox, like SMS in sms_outbox. */
import type { Db } from '../db/database.ts';
import { newId } from '../auth/tokens.ts';
import type { MailAdapter, MailMessage } from './mail-message.ts';
import './tables.ts';

export class OutboxMailAdapter implements MailAdapter {
  readonly name = 'outbox';
  constructor(private readonly db: Db) {}

  async send(m: MailMessage): Promise<void> {
    await this.db
      .insertInto('platform.mail_outbox')
      .values({ id: newId(), recipient: m.to, subject: m.subject, content: m.text, purpose: m.purpose })
      .execute();
  }
}
