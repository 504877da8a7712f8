/**
 * Who may read an attachment of the tenant's file store through the file routes (get, download,
 * preview, image, and the signed links to them) — server/README.md 'Permissions': the account that
 * uploaded it; a holder of the tenant's `file:read` (the file manager); anyone for a published file or
 * an employee's photo; and through the record that holds it: a message the caller sent, received and
 * kept (not removed), or a public one. A filing document's file is read through the case (filing.document.open), which applies
 * the case's access and confidentiality. Anyone else is answered as for an unknown id.
 */
import { holds } from '../../auth/permissions.ts';
import { type AttachmentRow } from '../../files/attachments.ts';
import { fileError } from '../../files/errors.ts';
import { authOf, type HandlerContext } from '../../http/handler.ts';
import { notRemovedBy, receivedBy, receiverOf } from '../messages/recipients.ts';
import { spaceOf } from '../people/common.ts';

export async function mayReadAttachment(ctx: HandlerContext, row: AttachmentRow): Promise<boolean> {
  const auth = authOf(ctx);
  if (auth.isSuper || (row.owner_id && row.owner_id === auth.accountId)) return true;
  if (await holds(ctx.db, auth, 'file:read')) return true;
  const published = await ctx.db
    .selectFrom('platform.file_ref')
    .select('attachment_id')
    .where('tenant_id', '=', auth.tenantId)
    .where('attachment_id', '=', row.id)
    .where('is_public', '=', true)
    .executeTakeFirst();
  if (published) return true;
  const space = spaceOf(ctx);
  if (await space.selectFrom('employee').select('id').where('photo', '=', row.id).executeTakeFirst())
    return true;
  const held = await space
    .selectFrom('message_attachment')
    .select('message_id')
    .where('attachment_id', '=', row.id)
    .executeTakeFirst();
  if (!held) return false;
  const r = await receiverOf(ctx, space);
  const message = await space
    .selectFrom('message as m')
    .innerJoin('message_attachment as a', 'a.message_id', 'm.id')
    .select('m.id')
    .where('a.attachment_id', '=', row.id)
    .where((eb) =>
      eb.or([
        eb('m.owner_id', 'in', r.ids),
        eb('m.is_public', '=', true),
        // A receiver who removed the message no longer reaches it, nor its files.
        eb.and([receivedBy(r)(eb), notRemovedBy(r)(eb)]),
      ]),
    )
    .executeTakeFirst();
  return Boolean(message);
}

/** The row when the caller may read it; else the answer an unknown id gets. */
export async function readableAttachment(
  ctx: HandlerContext,
  row: AttachmentRow | undefined,
  id: string,
): Promise<AttachmentRow> {
  if (!row || !(await mayReadAttachment(ctx, row))) throw fileError('notFound', { id });
  return row;
}
