/** What an SMS gateway sends, and the gateway's interface (adapters in outbox.ts and http.ts). */
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
