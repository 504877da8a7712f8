/**
 * E-mail alerts through the SMTP adapter (MAIL_SMTP_URL, server/mail/smtp.ts) against a real SMTP
 * server on 127.0.0.1 (the smtp-server package): the alert of a sent message arrives with the receiver
 * as envelope and header recipient, the alert subject and body; a recipient the SMTP server refuses is
 * logged and kept in the alert job's output while the others are delivered; a batch that nobody accepted
 * is not dropped but left for the job queue to try again.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';
import { alertJobs, alertJobsSettled, waitFor } from './alert-jobs-support.ts';
import { SmtpMailAdapter } from '../../server/mail/smtp.ts';

interface Received {
  from: string;
  rcptTo: string[];
  headers: Map<string, string>;
  text: string;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) in a header value. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

/** A single-part text message as nodemailer writes it: headers (unfolded, decoded) and the body. */
function parseMail(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  const body = raw.slice(split + 4);
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { headers, text: text.replace(/\r\n$/, '') };
}

/** A local SMTP server that keeps what it accepts and refuses recipients whose address starts "refused". */
async function startSmtp(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on the loopback: no STARTTLS offer (its self-signed certificate would be refused).
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('refused'))
        return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          ...mail,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, received };
}

describe.each(dbKindsOf(import.meta.url))('message alerts by SMTP on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestServer;
  let admin: string;
  let schema: string;
  const employees: Record<'kept' | 'refused', { id: string; email: string }> = {} as never;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestServer(
      kind,
      {
        rateLimitPerMinute: 10_000,
        mailSmtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        mailFrom: 'alerts@merger.test',
      },
      { filingPollSeconds: 0.5 },
    );
    admin = await loginAsAdmin(t);
    const tenantId = await demoTenantId(t);
    schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).schema_name;
    for (const who of ['kept', 'refused'] as const) {
      const made = await makeAccount(t, { account: `smtp_${who}_${kind}`, tenantId });
      const email = `${who}_${kind}@example.com`;
      const e = await db(t)
        .withSchema(schema)
        .updateTable('employee')
        .set({ email })
        .where('account', '=', made.account)
        .returning('id')
        .executeTakeFirstOrThrow();
      employees[who] = { id: e.id, email };
    }
    const saved = await call(t, 'POST', '/msg/alertSetting/save', {
      token: admin,
      body: { settings: [{ messageType: 'normal', sms: false, email: true }] },
    });
    expect(saved.body.state, saved.body.message).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.server.close(() => resolve()) : resolve()));
  });

  const send = (subject: string, receiverIds: string) =>
    call(t, 'POST', '/msg/innerMessage/save', {
      token: admin,
      body: { subject, content: '<p>正文</p>', messageType: 'normal', receiverIds },
    });

  it('delivers the alert mail with its recipient, subject and body', async () => {
    const sent = await send('SMTP 提醒测试', employees.kept.id);
    expect(sent.body.state, sent.body.message).toBe(200);
    const jobs = await alertJobsSettled(t, sent.body.data.id);
    expect(jobs.map((j) => j.state)).toEqual(['completed', 'completed']);
    const mail = await waitFor('the alert mail', async () =>
      smtp.received.find((m) => m.headers.get('subject')?.includes('SMTP 提醒测试')),
    );
    expect(mail.rcptTo).toEqual([employees.kept.email]);
    expect(mail.from).toBe('alerts@merger.test');
    expect(mail.headers.get('to')).toBe(employees.kept.email);
    expect(mail.headers.get('subject')).toBe('【普通消息】SMTP 提醒测试');
    expect(mail.text).toContain('SMTP 提醒测试');
    expect(mail.text).toContain('普通消息');
    // Nothing went to the local outbox: MAIL_SMTP_URL chose the SMTP adapter.
    const outbox = await db(t)
      .selectFrom('platform.mail_outbox')
      .select('id')
      .where('subject', 'like', '%SMTP 提醒测试%')
      .execute();
    expect(outbox).toEqual([]);
  });

  it('logs and records a refused recipient, and still delivers to the others', async () => {
    const warn = vi.spyOn(t.server.app.log, 'warn');
    try {
      const sent = await send('部分退信', `${employees.kept.id},${employees.refused.id}`);
      expect(sent.body.state, sent.body.message).toBe(200);
      const jobs = await alertJobsSettled(t, sent.body.data.id);
      const batch = jobs.find((j) => j.name === 'message-alert-batch')!;
      expect(batch.state).toBe('completed');
      expect(batch.output).toEqual({
        delivered: 1,
        failed: [{ to: employees.refused.email, error: expect.stringContaining('550') }],
      });
      const arrived = smtp.received.filter((m) => m.headers.get('subject')?.includes('部分退信'));
      expect(arrived.map((m) => m.rcptTo)).toEqual([[employees.kept.email]]);
      const logged = warn.mock.calls.map((c) => String(c[0]));
      expect(logged).toContainEqual(
        expect.stringMatching(/^message alert: mail to r\*\*\*@example\.com not sent/),
      );
      expect(logged.join('\n')).toContain(sent.body.data.id);
    } finally {
      warn.mockRestore();
    }
  });

  it('leaves a batch that nobody accepted to be tried again', async () => {
    const sent = await send('全部退信', employees.refused.id);
    expect(sent.body.state, sent.body.message).toBe(200);
    const batch = await waitFor('the refused batch to wait for a retry', async () =>
      (await alertJobs(t, sent.body.data.id)).find(
        (j) => j.name === 'message-alert-batch' && j.state === 'retry',
      ),
    );
    expect(JSON.stringify(batch.output)).toContain('550');
    expect(smtp.received.some((m) => m.headers.get('subject')?.includes('全部退信'))).toBe(false);
  });
});

describe('the SMTP transport', () => {
  it('is pooled, shared by the adapters of one configuration, and closed with the last of them', async () => {
    const smtp = await startSmtp();
    try {
      const url = `smtp://127.0.0.1:${smtp.port}`;
      const a = new SmtpMailAdapter(url, 'pool@merger.test');
      const b = new SmtpMailAdapter(url, 'pool@merger.test');
      const other = new SmtpMailAdapter(url, 'other@merger.test');
      expect(a.transport).toBe(b.transport);
      expect(other.transport).not.toBe(a.transport);
      expect((a.transport as unknown as { transporter: { name: string } }).transporter.name).toBe(
        'SMTP (pool)',
      );
      await Promise.all([
        a.send({ to: 'one@example.com', subject: 'pool 1', text: '1', purpose: 'test' }),
        b.send({ to: 'two@example.com', subject: 'pool 2', text: '2', purpose: 'test' }),
      ]);
      expect(smtp.received.map((m) => m.rcptTo[0]).sort()).toEqual(['one@example.com', 'two@example.com']);
      const shared = a.transport;
      await a.close();
      await a.close(); // idempotent: b still holds the transport
      expect(b.transport).toBe(shared);
      await b.close();
      expect(() => b.transport).toThrow();
      // The configuration's next adapter opens a new pool.
      const c = new SmtpMailAdapter(url, 'pool@merger.test');
      expect(c.transport).not.toBe(shared);
      await c.close();
      await other.close();
    } finally {
      await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    }
  });
});
