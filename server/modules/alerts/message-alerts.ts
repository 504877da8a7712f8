/**
 * SMS and e-mail alerts per message type (issue 14). Each tenant chooses which message types (normal,
 * system, bulletin) alert their receivers by SMS and/or e-mail (table message_alert_setting; no row:
 * no alert). When a message of such a type is sent, its targets are expanded to the active employees
 * they reach, and each one with a mobile (or e-mail address) gets one short alert through the SMS
 * gateway (or the mail adapter). Alerts follow the stored message: a failure is logged, never undoes it.
 * The sending runs in jobs, not in the send request (alert-jobs.ts).
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { translate, type Language } from '../../http/i18n.ts';
import { TARGET_ALL } from '../messages/recipients.ts';

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
function contactsSql(schema: string, keys: string[]) {
  const t = (table: string) => sql.id(schema, table);
  const ids = (kind: string) =>
    keys.filter((k) => k.startsWith(`${kind}:`)).map((k) => k.slice(kind.length + 1));
  const all = keys.includes(TARGET_ALL);
  const [users, orgs, positions, groups] = [ids('user'), ids('org'), ids('position'), ids('group')];
  // Empty arrays still need a typed literal for `= any(...)`.
  const arr = (a: string[]) => sql`${a}::text[]`;
  return sql<{ id: string; mobile: string | null; email: string | null }>`
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
  `;
}

export async function contactsOfTargets(db: Db, schema: string, keys: string[]): Promise<AlertContact[]> {
  const rows = await contactsSql(schema, keys).execute(db);
  return rows.rows.map((r) => ({ employeeId: r.id, mobile: r.mobile, email: r.email }));
}

export type AlertChannel = 'sms' | 'email';

/**
 * One page of the distinct mobiles (or e-mail addresses) the targets reach, in order, after `after`:
 * a fan-out to a whole tenant is read a page at a time, and each address is alerted once.
 */
export async function alertAddressPage(
  db: Db,
  schema: string,
  keys: string[],
  channel: AlertChannel,
  after: string | null,
  limit: number,
): Promise<string[]> {
  const column = sql.ref(channel === 'sms' ? 'c.mobile' : 'c.email');
  const rows = await sql<{ address: string }>`
    select distinct ${column} as address
      from (${contactsSql(schema, keys)}) c
     where ${column} is not null and ${column} <> ''
       and (${after}::text is null or ${column} > ${after}::text)
     order by 1
     limit ${limit}
  `.execute(db);
  return rows.rows.map((r) => r.address);
}

/** The texts of the alerts of one message (SMS text; mail subject and body). */
export function alertTexts(m: { messageType: string; subject: string; senderName: string }): {
  sms: string;
  mailSubject: string;
  mailText: string;
} {
  const typeName = translate(LANG, `message.type.${m.messageType}`);
  const params = { type: typeName, sender: m.senderName, subject: m.subject };
  return {
    sms: translate(LANG, 'message.alert.sms', params),
    mailSubject: translate(LANG, 'message.alert.mailSubject', params),
    mailText: translate(LANG, 'message.alert.mailText', params),
  };
}
