/** What a mail adapter sends, and the adapter's interface (adapters in outbox.ts and smtp.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text body. */
  text: string;
  /** What the mail is for (e.g. message-alert), kept in the outbox. */
  purpose: string;
  /** Extra header fields (List-Unsubscribe of an alert, RFC 2369 / 8058). */
  headers?: Record<string, string>;
}

export interface MailAdapter {
  readonly name: string;
  /** Resolves once the server (or the outbox) accepted the mail; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  /** Releases what the adapter holds (the SMTP adapter's pooled connections); call on server close. */
  close?(): Promise<void>;
}
