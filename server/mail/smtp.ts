/** E-mail through an SMTP server (MAIL_SMTP_URL) with nodemailer, which handles TLS, auth and pooling. */
import type Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { lazyRequire } from '../lazy-require.ts';
import type { MailAdapter, MailMessage } from './mail-message.ts';

const nodemailer = lazyRequire<typeof Nodemailer>('nodemailer');

export class SmtpMailAdapter implements MailAdapter {
  readonly name = 'smtp';
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer().createTransport(url);
  }

  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: m.to, subject: m.subject, text: m.text });
  }
}
