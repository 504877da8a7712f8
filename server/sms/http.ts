/**
 * The production SMS adapter: POST JSON to the provider's endpoint,
 *   { mobile, template, params: { code, minutes }, content }
 * with 'Authorization: Bearer <SMS_HTTP_TOKEN>'. Any 2xx answer counts as accepted.
 */
import type { SmsGateway, SmsMessage } from './sms-message.ts';

export class HttpSmsGateway implements SmsGateway {
  readonly name = 'http';

  constructor(private readonly opts: { url: string; token?: string; template: string; timeoutMs?: number }) {}

  async send(message: SmsMessage): Promise<void> {
    const res = await fetch(this.opts.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(this.opts.token ? { authorization: `Bearer ${this.opts.token}` } : {}),
      },
      body: JSON.stringify({
        mobile: message.mobile,
        template: this.opts.template,
        params: { code: message.code, minutes: message.minutes },
        content: message.content,
      }),
      signal: AbortSignal.timeout(this.opts.timeoutMs ?? 5000),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
  }
}
