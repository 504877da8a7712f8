/**
 * Tells an applicant the outcome of the approval by SMS, through the configured gateway (the outbox
 * by default), and, once approved, by a system message waiting in the new tenant for its administrator
 * (a refused applicant has no account to read one). A failed send is logged, never undoes the
 * approval: the outcome is also on the tenant row (approveStatus, refuseReason) for the super user.
 */
import { inTransaction } from '../../db/database.ts';
import { smsGatewayFor } from '../../sms/gateway.ts';
import { translate } from '../../http/i18n.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { targetKey } from '../messages/recipients.ts';
import { storeMessage } from '../messages/store.ts';
import type { Space } from '../people/common.ts';
import './tables.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The approved tenant's administrator finds a welcome message in the bell at their first sign-in. */
async function welcomeAdministrator(ctx: HandlerContext, tenantId: string): Promise<void> {
  const t = await ctx.db
    .selectFrom('platform.tenant')
    .select(['name', 'schema_name', 'schema_status', 'admin_account_id', 'account'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
  if (!t?.admin_account_id || t.schema_status !== 'CREATED') return;
  const admin = await ctx.db
    .withSchema(t.schema_name)
    .selectFrom('employee')
    .select(['id', 'name'])
    .where('account_id', '=', t.admin_account_id)
    .executeTakeFirst();
  if (!admin) return;
  const params = { name: escapeHtml(t.name), account: escapeHtml(t.account ?? '') };
  const messageId = await inTransaction(ctx.db, (tx) =>
    storeMessage(tx.withSchema(t.schema_name) as unknown as Space, {
      subject: translate('zh-CN', 'tenant.message.approvedSubject', { name: t.name }),
      ownerId: null,
      ownerName: translate('zh-CN', 'tenant.message.sender'),
      messageType: 'system',
      content: `<p>${translate('zh-CN', 'tenant.message.approvedContent', params)}</p>`,
      targets: [{ key: targetKey('user', admin.id), name: admin.name }],
    }),
  );
  await ctx.request.server.events.publish({ type: 'message.new', messageId, tenantId });
}

export async function notifyApplicant(
  ctx: HandlerContext,
  tenant: { id: string; name: string; mobile: string | null; account: string | null },
  outcome: 'PASSED' | 'REFUSED',
  reason?: string,
): Promise<void> {
  if (outcome === 'PASSED') {
    try {
      await welcomeAdministrator(ctx, tenant.id);
    } catch (err) {
      ctx.request.log.warn({ err: String(err) }, 'tenant approval message not sent');
    }
  }
  if (!tenant.mobile) return;
  // The applicant's language is unknown here; registration pages are Chinese first.
  const content =
    outcome === 'PASSED'
      ? translate('zh-CN', 'tenant.sms.approved', { name: tenant.name, account: tenant.account ?? '' })
      : translate('zh-CN', 'tenant.sms.refused', { name: tenant.name, reason: reason ?? '' });
  try {
    await smsGatewayFor(ctx.config, ctx.db, ctx.request.log).send({
      mobile: tenant.mobile,
      purpose: outcome === 'PASSED' ? 'tenant-approved' : 'tenant-refused',
      code: '',
      minutes: 0,
      content,
    });
  } catch (err) {
    ctx.request.log.warn({ err: String(err) }, 'tenant approval SMS not sent');
  }
}
