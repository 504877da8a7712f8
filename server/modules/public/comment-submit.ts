/**
 * A public comment on a live notice, without login: per-address and per-notice rate limits, an image
 * captcha, the notice's own rules (live, anonymous allowed), then an optional attachment checked like any
 * public file (server/modules/public/attachment.ts) and kept in the document store under the authority's tenant,
 * and the comment itself through the filing service (publications.submitComment), which lands it in
 * the reviewers' triage list.
 */
import { hit } from '../../auth/rate-limit.ts';
import { verifyCaptcha } from '../../captcha/store.ts';
import { publications } from '../filing/index.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { authorityTenantId } from './authority.ts';
import { checkPublicFile, COMMENT_ATTACHMENT, decodeBase64 } from './attachment.ts';
import { todayOf, visiblePublication } from './publications.ts';
import type { HandlerContext } from '../../http/handler.ts';

/** Comments per client address per minute, and per notice per minute (from every address together). */
export const COMMENTS_PER_IP = 5;
export const COMMENTS_PER_NOTICE = 30;

async function limit(ctx: HandlerContext, bucket: string, key: string, max: number) {
  if (!ctx.config.rateLimitPerMinute) return;
  const { count, retryAfter } = await hit(ctx.db, bucket, key);
  if (count > Math.min(max, ctx.config.rateLimitPerMinute)) {
    ctx.reply.header('retry-after', String(retryAfter));
    throw new ApiError(
      Code.ILLEGAL_IP,
      'auth.rateLimited',
      { seconds: retryAfter },
      { reason: 'rate-limit', bucket },
    );
  }
}

/** The filing service's rule for a contact (mobile, telephone or e-mail), checked before a file is kept. */
const CONTACT = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

interface CommentBody {
  noticeId: string;
  anonymous?: boolean;
  name?: string;
  organisation?: string;
  contact?: string;
  text: string;
  captcha: string;
  requestId: string;
  attachment?: { fileName: string; data: string };
}

export async function submitPublicComment(ctx: HandlerContext<unknown, CommentBody>) {
  const b = ctx.body;
  await limit(ctx, 'comment', ctx.request.ip, COMMENTS_PER_IP);
  await limit(ctx, 'comment-notice', b.noticeId, COMMENTS_PER_NOTICE);
  await verifyCaptcha(ctx.db, { captcha: b.captcha, requestId: b.requestId });
  // The notice's rules first, so a refused comment stores no file.
  const notice = await visiblePublication(ctx.db, 'notice', b.noticeId, todayOf());
  if (!notice) throw new ApiError(Code.NOT_FOUND, 'publicData.error.notFound');
  if (!notice.live) throw new ApiError(Code.ILLEGAL_REQUEST, 'filing.error.noticeNotLive');
  if (b.anonymous && !notice.allow_anonymous)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'filing.error.anonymousNotAllowed');
  if (!b.anonymous && !b.name?.trim() && !b.organisation?.trim())
    throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.nameRequired');
  const contact = b.contact?.trim();
  if (!b.anonymous && !contact) throw new ApiError(Code.ILLEGAL_REQUEST, 'filing.error.contactRequired');
  if (contact && !CONTACT.test(contact))
    throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.contactInvalid');
  const filing = ctx.request.server.filing;
  let attachment: { tenantId: string; attachmentId: string; sha256: string } | undefined;
  if (b.attachment) {
    const file = await checkPublicFile(
      COMMENT_ATTACHMENT,
      b.attachment.fileName,
      decodeBase64(b.attachment.data),
    );
    // Kept with the authority's documents; an installation without an authority tenant has nobody to
    // read them, so it takes comments without attachments only.
    const tenantId = await authorityTenantId(ctx.db);
    if (!tenantId) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.attachmentUnavailable');
    const ref = await filing.store.put({ tenantId, name: file.name, mime: file.mime, content: file.content });
    attachment = { tenantId: ref.tenantId, attachmentId: ref.attachmentId, sha256: ref.sha256 };
  }
  const input = {
    anonymous: !!b.anonymous,
    ...(b.name?.trim() ? { name: b.name.trim() } : {}),
    ...(b.organisation?.trim() ? { organisation: b.organisation.trim() } : {}),
    ...(contact ? { contact } : {}),
    text: b.text,
    ...(attachment ? { attachment } : {}),
  };
  return publications.submitComment(filing, b.noticeId, input, { ip: ctx.request.ip });
}
