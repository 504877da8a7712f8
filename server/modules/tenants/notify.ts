/**
 * Tells an applicant the outcome of the approval by SMS, through the configured gateway (the outbox
 * by default). A failed send is logged, never undoes the approval: the outcome is also on the
 * tenant row (approveStatus, refuseReason) for the super user to see.
 */
import { smsGatewayFor } from '../../sms/gateway.ts';
import { translate } from '../../http/i18n.ts';
import type { HandlerContext } from '../handler.ts';

export async function notifyApplicant(
  ctx: HandlerContext,
  tenant: { name: string; mobile: string | null; account: string | null },
  outcome: 'PASSED' | 'REFUSED',
  reason?: string,
): Promise<void> {
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
