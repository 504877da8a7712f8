/**
 * fldFile.link: a signed link to one attachment for one purpose (server/files/tickets.ts). The file must be
 * reachable now as the route would serve it — the session tenant's own, or for a download a published one —
 * and of a kind the route shows, so a link that could only fail is refused here, with the route's reason.
 */
import { previewKindOf } from '../../../schemas/file-rules.ts';
import { findAttachment, publicOwner } from '../../files/attachments.ts';
import { fileError } from '../../files/errors.ts';
import { signTicket, TICKET_TTL_SECONDS, type TicketPurpose } from '../../files/tickets.ts';
import { authOf, defineHandlers, tenantSchemaOf, type HandlerContext } from '../../http/handler.ts';
import { mayReadAttachment } from './read-access.ts';

/** The route each purpose is good for (the catalogue's `linkPurpose`). */
const ROUTE: Record<TicketPurpose, string> = {
  download: '/fldFile/download',
  preview: '/fldFile/preview',
  image: '/file/getImage',
};

async function link(ctx: HandlerContext<unknown, { attachmentId: string; purpose: TicketPurpose }>) {
  const auth = authOf(ctx);
  const { attachmentId, purpose } = ctx.body;
  let row = await findAttachment(ctx.db, tenantSchemaOf(ctx), attachmentId);
  // One of the tenant's files only for whom may read it (read-access.ts); else as unknown.
  if (row && !(await mayReadAttachment(ctx, row))) row = undefined;
  if (!row && purpose === 'download') {
    const owner = await publicOwner(ctx.db, attachmentId);
    row = owner ? await findAttachment(ctx.db, owner, attachmentId) : undefined;
  }
  if (!row) throw fileError('notFound', { id: attachmentId });
  const kind = previewKindOf(row.ext ?? '');
  if (purpose === 'preview' && kind === 'unsupported') throw fileError('noPreview', { ext: row.ext ?? '' });
  if (purpose === 'image' && kind !== 'image') throw fileError('notImage');
  const ticket = await signTicket(ctx.db, ctx.config, {
    purpose,
    attachmentId,
    sessionId: auth.sessionId,
    tenantId: auth.tenantId,
    expiresAt: Math.floor(Date.now() / 1000) + TICKET_TTL_SECONDS,
  });
  const query = new URLSearchParams({ attachmentId, ticket });
  return { url: `${ctx.config.apiBase}${ROUTE[purpose]}?${query}`, ticket, expiresIn: TICKET_TTL_SECONDS };
}

export const fileLinkHandlers = defineHandlers({ 'fldFile.link': link });
