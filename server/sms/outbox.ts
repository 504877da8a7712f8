/** The local SMS adapter: messages land in platform.sms_outbox and in one server log line. */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import { maskMobile, newId } from '../auth/tokens.ts';
import type { SmsGateway, SmsMessage } from './sms-message.ts';

export class OutboxSmsGateway implements SmsGateway {
  readonly name = 'outbox';

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Put the text (with the code) in the log line too: for local development only. */
    private readonly logContent = false,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    const id = newId();
    await this.db
      .insertInto('platform.sms_outbox')
      .values({ id, mobile: message.mobile, purpose: message.purpose, content: message.content })
      .execute();
    this.log.info(
      {
        outboxId: id,
        mobile: maskMobile(message.mobile),
        purpose: message.purpose,
        ...(this.logContent ? { content: message.content } : {}),
      },
      'SMS written to the outbox (platform.sms_outbox)',
    );
  }
}
