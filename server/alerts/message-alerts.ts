/**
 * SMS and e-mail alerts per message type (issue 14). Each tenant chooses which message types (normal,
 * system, bulletin) alert their receivers by SMS and/or e-mail (table message_alert_setting; no row:
 * no alert). When a message of such a type is sent, its targets are expanded to the active employees
 * they reach, and each one with a mobile (or e-mail address) gets one short alert through the SMS
 * gateway (or the mail adapter). Alerts follow the stored message: a failure is logged, never undoes it.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { translate, type Language } from '../http/i18n.ts';
import type { MailAdapter } from '../mail/gateway.ts';
import type { SmsGateway } from '../sms/gateway.ts';
import { TARGET_ALL } from '../modules/messages/recipients.ts';

export const MESSAGE_TYPES = ['normal', 'system', 'bulletin'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface AlertSetting {
  messageType: MessageType;
  sms: boolean;
  email: boolean;
}

/** Alerts are written in the product's default language (a receiver's language is not stored). */
const LANG: Language = 'zh-CN';

/** The tenant's setting for every message type (types without a row: no alerts). */
export async function alertSettings(db: Db, schema: string): Promise<AlertSetting[]> {
  const rows = await sql<{ message_type: MessageType; sms: boolean; email: boolean }>`
    select message_type, sms, email from ${sql.id(schema, 'message_alert_setting')}`.execute(db);
  const byType = new Map(rows.rows.map((r) => [r.message_type, r]));
  return MESSAGE_TYPES.map((t) => ({
    messageType: t,
    sms: byType.get(t)?.sms ?? false,
    email: byType.get(t)?.email ?? false,
  }));
}

export async function saveAlertSettings(db: Db, schema: string, settings: AlertSetting[]): Promise<void> {
  for (const s of settings)
    await sql`
      insert into ${sql.id(schema, 'message_alert_setting')} (message_type, sms, email, updated_at)
      values (${s.messageType}, ${s.sms}, ${s.email}, now())
      on conflict (message_type) do update set sms = excluded.sms, email = excluded.email, updated_at = now()
    `.execute(db);
}

export interface AlertContact {
  employeeId: string;
  mobile: string | null;
  email: string | null;
}

/**
 * The active employees the target keys reach (recipients.ts): everyone, a user (employee or account
 * id), an organisation with its sub-organisations (main or extra organisation), a position, a user
 * group with its sub-groups. The employee's own mobile/e-mail first, the account's otherwise.
 */
export async function contactsOfTargets(db: Db, schema: string, keys: string[]): Promise<AlertContact[]> {
  const t = (table: string) => sql.id(schema, table);
  const ids = (kind: string) =>
    keys.filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1));
  const all = keys.includes(TARGET_ALL);
  const [users, orgs, positions, groups] = [ids('user'), ids('org'), ids('position'), ids('group')];
  // Empty arrays still need a typed literal for `= any(...)`.
  const arr = (a: string[]) => sql`${a}::text[]`;
  const rows = await sql<{ id: string; mobile: string | null; email: string | null }>`
    with recursive grp as (
      select id from ${t('user_group')} where id = any(${arr(groups)})
      union
      select g.id from ${t('user_group')} g join grp on g.parent_id = grp.id
    )
    select e.id,
           coalesce(nullif(e.mobile, ''), a.mobile) as mobile,
           coalesce(nullif(e.email, ''), a.email) as email
      from ${t('employee')} e
      left join platform.account a on a.id = e.account_id
     where e.status = 'actived'
       and (
         ${all}
         or e.id = any(${arr(users)}) or e.account_id = any(${arr(users)})
         or exists (select 1 from ${t('org')} o
                     where (o.id = e.org_id
                            or o.id in (select eo.org_id from ${t('employee_org')} eo where eo.employee_id = e.id))
                       and string_to_array(o.path, '.') && ${arr(orgs)})
         or exists (select 1 from ${t('employee_position')} ep
                     where ep.employee_id = e.id and ep.position_id = any(${arr(positions)}))
         or exists (select 1 from ${t('user_group_member')} gm
                     where gm.employee_id = e.id and gm.group_id in (select id from grp))
       )
  `.execute(db);
  return rows.rows.map((r) => ({ employeeId: r.id, mobile: r.mobile, email: r.email }));
}

export interface AlertDeps {
  db: Db;
  sms: SmsGateway;
  mail: MailAdapter;
  log: { warn(m: string): void };
}

/**
 * Queues the alerts of one sent message, as the tenant's setting for its type asks. Returns how many
 * SMS and mails were handed to the adapters (failures are logged and not counted).
 */
export async function queueMessageAlerts(
  deps: AlertDeps,
  schema: string,
  m: { messageType: string; subject: string; senderName: string; targetKeys: string[] },
): Promise<{ sms: number; email: number }> {
  const sent = { sms: 0, email: 0 };
  const setting = (await alertSettings(deps.db, schema)).find((s) => s.messageType === m.messageType);
  if (!setting || (!setting.sms && !setting.email)) return sent;
  const contacts = await contactsOfTargets(deps.db, schema, m.targetKeys);
  const typeName = translate(LANG, `message.type.${m.messageType}`);
  const params = { type: typeName, sender: m.senderName, subject: m.subject };
  if (setting.sms) {
    const text = translate(LANG, 'message.alert.sms', params);
    for (const mobile of new Set(contacts.map((c) => c.mobile).filter((x): x is string => !!x))) {
      try {
        await deps.sms.send({ mobile, purpose: 'message-alert', code: '', minutes: 0, content: text });
        sent.sms++;
      } catch (err) {
        deps.log.warn(`message alert: SMS not sent: ${(err as Error).message}`);
      }
    }
  }
  if (setting.email) {
    const subject = translate(LANG, 'message.alert.mailSubject', params);
    const text = translate(LANG, 'message.alert.mailText', params);
    for (const to of new Set(contacts.map((c) => c.email).filter((x): x is string => !!x))) {
      try {
        await deps.mail.send({ to, subject, text, purpose: 'message-alert' });
        sent.email++;
      } catch (err) {
        deps.log.warn(`message alert: mail not sent: ${(err as Error).message}`);
      }
    }
  }
  return sent;
}
