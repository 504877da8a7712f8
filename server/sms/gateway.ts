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

export interface SmsMessage {
  mobile: string;
  /** What the code is for: login, verify, old-phone, new-phone. */
  purpose: string;
  code: string;
  /** Minutes the code stays valid. */
  minutes: number;
  /** The full text, for providers without templates and for the outbox. */
  content: string;
}

export interface SmsGateway {
  readonly name: string;
  /** Resolves once the provider accepted the message; rejects otherwise. */
  send(message: SmsMessage): Promise<void>;
}

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
