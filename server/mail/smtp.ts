/**
 * E-mail through an SMTP server (MAIL_SMTP_URL) with nodemailer, which handles TLS and auth. The
 * transport is pooled (`pool: true`: a few connections kept open and reused, rather than one SMTP
 * session per mail) and created once per configuration (URL and sender): every adapter of the same
 * configuration shares it. Each adapter holds a reference; the last `close()` closes the pool, so a
 * server's close leaves no SMTP connection behind.
 */
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { lazyRequire } from '../lazy-require.ts';
import type { MailAdapter, MailMessage } from './mail-message.ts';

const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

interface Shared {
  transport: Transporter;
  users: number;
}

/** The pooled transports in use, by configuration. */
const transports = new Map<string, Shared>();

export class SmtpMailAdapter implements MailAdapter {
  readonly name = 'smtp';
  private readonly key: string;
  private shared: Shared | undefined;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.key = `${url}\u0000${from}`;
    let shared = transports.get(this.key);
    if (!shared) {
      shared = { transport: nodemailer().createTransport({ url, pool: true }), users: 0 };
      transports.set(this.key, shared);
    }
    shared.users++;
    this.shared = shared;
  }

  /** The shared transport (tests: one per configuration, pooled). */
  get transport(): Transporter {
    if (!this.shared) throw new Error('mail adapter closed');
    return this.shared.transport;
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      ...(m.headers ? { headers: m.headers } : {}),
    });
  }

  /** Lets go of the shared transport; the last adapter of a configuration closes its pool. Idempotent. */
  async close(): Promise<void> {
    const shared = this.shared;
    if (!shared) return;
    this.shared = undefined;
    if (--shared.users > 0) return;
    if (transports.get(this.key) === shared) transports.delete(this.key);
    shared.transport.close();
  }
}
