/**
 * Sending text messages. One small interface, two adapters: the outbox (default; a platform table plus a
 * log line, so development and tests read the codes there) and an HTTP provider configured by environment
 * variables (SMS_PROVIDER=http, SMS_HTTP_URL, SMS_HTTP_TOKEN, SMS_HTTP_TEMPLATE).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HttpSmsGateway } from './http.ts';
import { OutboxSmsGateway } from './outbox.ts';
import type { SmsGateway } from './sms-message.ts';

export type { SmsGateway, SmsMessage } from './sms-message.ts';

export function smsGatewayFor(config: ServerConfig, db: Db, log: FastifyBaseLogger): SmsGateway {
  if (config.smsProvider === 'http') {
    if (!config.smsHttpUrl) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
    return new HttpSmsGateway({
      url: config.smsHttpUrl,
      token: config.smsHttpToken,
      template: config.smsHttpTemplate,
    });
  }
  return new OutboxSmsGateway(db, log, config.smsOutboxLogCode);
}
