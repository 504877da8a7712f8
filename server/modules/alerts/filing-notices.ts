/**
 * Filing notices through messages (issue 12): when the filing service serves a generated document
 * (`document.served`, raised after its transaction commits), each member tenant receives a system
 * message addressed to its people who hold `filing:read` (through their roles) and to its tenant
 * admins, and each of them with a mobile number gets an SMS alert through the configured gateway
 * (and an e-mail when the tenant's alert setting for system messages asks for it).
 * Runs outside the filing transaction: a failure is logged and never undoes the filing.
 *
 * The SMS and e-mail go out the way message alerts do (issue 14, alert-jobs.ts): the notice's alert
 * job is queued in the transaction that stores the message, and the job workers send it, retried with
 * backoff while the gateway refuses everything, never twice (the job's id follows the message, each
 * batch's id follows the job and its page).
 */
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/database.ts';
import type { EventBus } from '../../events/bus.ts';
import type { FilingEvent } from '../filing/service/context.ts';
import { translate, type Language } from '../../http/i18n.ts';
import { storeMessage } from '../messages/store.ts';
import { targetKey } from '../messages/recipients.ts';
import type { Space } from '../people/common.ts';
import type { MessageAlertJobs } from './alert-jobs.ts';
import { alertSettings, type AlertChannel } from './message-alerts.ts';

/** The permission that lets a member see the tenant's filings, hence its notices. */
const NOTICE_PERMISSION = 'filing:read';
/** Notices are written in the product's default language (a tenant has no language of its own). */
const LANG: Language = 'zh-CN';

export interface NoticeDeps {
  db: Db;
  events: EventBus;
  /** The alert job queue: the notice's SMS (always) and e-mail (per the tenant's setting) go there. */
  alerts: Pick<MessageAlertJobs, 'enqueueJob' | 'ready'>;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface NoticeReceiver {
  employeeId: string;
  name: string;
  mobile: string | null;
  email: string | null;
}

/**
 * Active employees of the tenant who hold `filing:read` through a role granted to them, their
 * organisations or their positions (any subsystem), and the tenant's admins (who hold every tenant
 * permission).
 */
export async function noticeReceivers(db: Db, tenantId: string, schema: string): Promise<NoticeReceiver[]> {
  const t = (table: string) => sql.id(schema, table);
  const rows = await sql<{ id: string; name: string; mobile: string | null; email: string | null }>`
    select e.id, e.name, coalesce(nullif(e.mobile, ''), a.mobile) as mobile,
           coalesce(nullif(e.email, ''), a.email) as email
      from ${t('employee')} e
      left join platform.account a on a.id = e.account_id
     where e.status = 'actived' and e.account_id is not null
       and (
         exists (select 1 from platform.tenant_member tm
                  where tm.tenant_id = ${tenantId} and tm.account_id = e.account_id and tm.is_admin)
         or exists (
           select 1
             from ${t('role_grant')} g
             join ${t('role')} r on r.id = g.role_id and r.enabled
             join ${t('role_resource')} rr on rr.role_id = r.id
             join platform.resource res on res.id = rr.resource_id
            where ${NOTICE_PERMISSION} = any(res.permissions)
              and ((g.party_type = 'employee' and g.party_id = e.id)
                or (g.party_type = 'org' and g.party_id in
                      (select eo.org_id from ${t('employee_org')} eo where eo.employee_id = e.id))
                or (g.party_type = 'position' and g.party_id in
                      (select ep.position_id from ${t('employee_position')} ep where ep.employee_id = e.id)))
         )
       )
     order by e.name, e.id
  `.execute(db);
  return rows.rows.map((r) => ({ employeeId: r.id, name: r.name, mobile: r.mobile, email: r.email }));
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Sends the notice of one served document to one member tenant. */
async function noticeToTenant(
  deps: NoticeDeps,
  served: { caseId: string; caseNo: string | null; caseTitle: string; documentTitle: string },
  tenantId: string,
): Promise<void> {
  const tenant = await deps.db
    .selectFrom('platform.tenant')
    .select(['schema_name'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  if (!tenant?.schema_name) return;
  const exists = await sql<{
    t: string | null;
  }>`select to_regclass(${`${tenant.schema_name}.message`})::text as t`.execute(deps.db);
  // A tenant whose space was never created (no people) has nobody to tell.
  if (!exists.rows[0].t) return;
  const receivers = await noticeReceivers(deps.db, tenantId, tenant.schema_name);
  if (!receivers.length) return;
  const params = {
    document: served.documentTitle,
    title: served.caseTitle,
    caseNo: served.caseNo ?? translate(LANG, 'filing.notice.noCaseNo'),
    caseId: served.caseId,
  };
  const subject = translate(LANG, 'filing.notice.subject', params);
  const escaped = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, escapeHtml(v)]));
  const content =
    `<p>${translate(LANG, 'filing.notice.content', escaped)}</p>` +
    `<p>${translate(LANG, 'filing.notice.caseLine', escaped)}</p>`;
  const sms = translate(LANG, 'filing.notice.sms', params);
  // The SMS always goes (issue 12); e-mail follows the tenant's setting for system messages (issue 14).
  const system = (await alertSettings(deps.db, tenant.schema_name)).find((a) => a.messageType === 'system');
  const channels: AlertChannel[] = system?.email ? ['sms', 'email'] : ['sms'];
  const senderName = translate(LANG, 'filing.notice.sender');
  const targets = receivers.map((r) => ({ key: targetKey('user', r.employeeId), name: r.name }));
  const store = (tx: Db) =>
    storeMessage(tx.withSchema(tenant.schema_name) as unknown as Space, {
      subject,
      ownerId: null,
      ownerName: senderName,
      messageType: 'system',
      content,
      targets,
    });
  let messageId: string;
  try {
    await deps.alerts.ready();
    messageId = await inTransaction(deps.db, async (tx) => {
      const id = await store(tx);
      await deps.alerts.enqueueJob(tx, {
        schema: tenant.schema_name,
        messageId: id,
        messageType: 'system',
        subject,
        senderName,
        targetKeys: targets.map((t) => t.key),
        channels,
        texts: { sms, mailSubject: subject, mailText: sms },
        purpose: 'filing-notice',
      });
      return id;
    });
  } catch (err) {
    // The job queue refused: the notice itself still goes out, without its SMS / e-mail.
    deps.log.warn(`filing notice: alerts not queued: ${(err as Error).message}`);
    messageId = await inTransaction(deps.db, store);
  }
  try {
    await deps.events.publish({ type: 'message.new', messageId, tenantId });
  } catch (err) {
    deps.log.warn(`filing notice: bell event not published: ${(err as Error).message}`);
  }
}

/** Handles one served document: a message (and its queued SMS / e-mail alerts) in every member tenant. */
export async function serveNotices(
  deps: NoticeDeps,
  e: Extract<FilingEvent, { type: 'document.served' }>,
): Promise<void> {
  const doc = await deps.db
    .selectFrom('filing.document as d')
    .innerJoin('filing.case as c', 'c.id', 'd.case_id')
    .select(['d.kind', 'd.title', 'c.title as case_title', 'c.case_no'])
    .where('d.id', '=', e.documentId)
    .executeTakeFirst();
  if (!doc) return;
  const kindKey = `filing.documentKind.${doc.kind}`;
  const kindName = translate(LANG, kindKey);
  const served = {
    caseId: e.caseId,
    caseNo: doc.case_no,
    caseTitle: doc.case_title ?? '',
    documentTitle: kindName !== kindKey ? kindName : (doc.title ?? doc.kind),
  };
  for (const tenantId of e.tenantIds) {
    try {
      await noticeToTenant(deps, served, tenantId);
    } catch (err) {
      deps.log.warn(`filing notice to tenant ${tenantId} failed: ${(err as Error).message}`);
    }
  }
}

/**
 * The listener the server registers on the filing runtime. Events arrive synchronously after the
 * commit; the work runs detached, and `settled()` lets tests (and shutdown) wait for it.
 */
export function filingNoticeListener(deps: NoticeDeps): {
  listener: (e: FilingEvent) => void;
  settled: () => Promise<void>;
} {
  const pending = new Set<Promise<void>>();
  return {
    listener: (e) => {
      if (e.type !== 'document.served') return;
      const p = serveNotices(deps, e)
        .catch((err: Error) => deps.log.warn(`filing notice failed: ${err.message}`))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    settled: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
