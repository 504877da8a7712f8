/**
 * Reports of unnotified deals (schemas/api/clues.yaml): the reporter's details, evidence uploads and
 * clues for any signed-in account; the authority's triage with clue:triage in its own tenant.
 *
 * A report and its reporter's identity belong to the person (catalogue `personal`): a session acting as
 * them is refused and the tenant's operation log keeps no trace; the authority's every read of a report
 * or its evidence is in the audit log.
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { hit } from '../../auth/rate-limit.ts';
import { contentDisposition } from '../../files/send.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { checkPublicFile, CLUE_EVIDENCE } from './attachment.ts';
import { requireAuthority } from './authority.ts';
import {
  clueDetail,
  clueView,
  reporterOf,
  saveReporter,
  storeEvidence,
  submitClue,
  triageClue,
} from './clues.ts';
import { appendAudit } from '../filing/audit.ts';
import { isPlainDate } from '../filing/dates.ts';
import type { AuthContext } from '../../auth/auth-context.ts';
import { authOf, defineHandlers, type HandlerContext } from '../../http/handler.ts';
import { applySortAndPage, pageOf, totalOf, type ListRequest } from '../../http/list-query.ts';

/** Clues one account may submit per minute (a report is a considered act, not a stream). */
const CLUES_PER_MINUTE = 5;

const bad = (key: string) => new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.badFilter', { key });
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The one file of a multipart body, read into memory up to the limit (evidence is at most 10 MB). */
async function readOneFile(ctx: HandlerContext): Promise<{ name: string; content: Buffer }> {
  const req = ctx.request as FastifyRequest;
  if (!req.isMultipart()) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.fileMissing');
  const file = await req.file({ limits: { files: 1, fields: 5, fileSize: CLUE_EVIDENCE.maxBytes + 1 } });
  if (!file) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.fileMissing');
  const content = await file.toBuffer().catch(() => {
    throw new ApiError(Code.PAYLOAD_TOO_LARGE, 'publicData.error.fileTooLarge', {
      max: `${CLUE_EVIDENCE.maxBytes / 1024 / 1024} MB`,
    });
  });
  return { name: file.filename ?? '', content };
}

function clueFilters(req: ListRequest) {
  const out: { state?: string; createdFrom?: string; createdTo?: string; keyword?: string } = {};
  for (const p of req.parameters ?? []) {
    const v = p.value === undefined || p.value === null ? '' : String(p.value).trim();
    if (!['state', 'createdFrom', 'createdTo', 'keyword'].includes(p.key))
      throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownFilter', { key: p.key });
    if (!v) continue;
    if (p.key === 'state' && !['NEW', 'ASSIGNED', 'LINKED', 'CLOSED'].includes(v)) throw bad('state');
    if ((p.key === 'createdFrom' || p.key === 'createdTo') && !isPlainDate(v)) throw bad(p.key);
    if (p.key === 'keyword' && [...v].length > 100) throw bad('keyword');
    out[p.key as keyof typeof out] = v;
  }
  return out;
}

const CLUE_LIST = {
  filters: {},
  sorts: { createTime: 'c.created_at', state: 'c.state' },
  defaultSort: [
    ['c.created_at', 'desc'],
    ['c.id', 'asc'],
  ] as [string, 'asc' | 'desc'][],
};

async function cluePage(ctx: HandlerContext<unknown, ListRequest>, reporterAccountId?: string) {
  const req = ctx.body;
  const f = clueFilters(req);
  let base = ctx.db.selectFrom('filing.wyf_clue as c');
  if (reporterAccountId) base = base.where('c.reporter_account_id', '=', reporterAccountId);
  if (f.state) base = base.where('c.state', '=', f.state as 'NEW');
  // Legal days are China days (UTC+8).
  if (f.createdFrom)
    base = base.where(
      'c.created_at',
      '>=',
      sql<Date>`(${f.createdFrom}::date)::timestamp at time zone 'Asia/Shanghai'`,
    );
  if (f.createdTo)
    base = base.where(
      'c.created_at',
      '<',
      sql<Date>`(${f.createdTo}::date + 1)::timestamp at time zone 'Asia/Shanghai'`,
    );
  if (f.keyword) {
    const like = `%${likeEscape(f.keyword)}%`;
    base = base.where(
      sql<boolean>`(array_to_string(c.targets, ' ') ilike ${like} or c.deal_description ilike ${like} or c.description ilike ${like})`,
    );
  }
  const { query, page, limit } = applySortAndPage(
    base
      .leftJoin('platform.account as a', 'a.id', 'c.assignee_account_id')
      .selectAll('c')
      .select('a.fullname as assignee_name'),
    CLUE_LIST,
    req,
  );
  const rows = await query.execute();
  const total = await totalOf(base, req);
  return pageOf(rows.map(clueView), total, page, limit);
}

async function triager(ctx: HandlerContext) {
  await requireAuthority(ctx.db, ctx.auth, 'clue:triage');
  const auth = authOf(ctx);
  // Reporters' identities are for the clue handlers themselves, not for someone acting as one.
  if (auth.actor)
    throw new ApiError(Code.NO_PERMISSION, 'permission.acting.personal', {}, { reason: 'personal' });
  return auth;
}

/** Every read of a report or its evidence by the authority is in the audit log (who, when, which). */
async function auditRead(ctx: HandlerContext, auth: AuthContext, action: string, id: string): Promise<void> {
  await ctx.db.transaction().execute((trx) =>
    appendAudit(
      trx,
      {
        action,
        actorAccountId: auth.actor?.accountId ?? auth.accountId,
        actorTenantId: auth.tenantId,
        objectType: 'clue',
        objectId: id,
        detail: auth.actor ? { actingAs: auth.accountId } : {},
      },
      new Date(),
    ),
  );
}

export const clueHandlers = defineHandlers({
  'wyf.reporter.get': async (ctx) => {
    const reporter = await reporterOf(ctx.db, authOf(ctx).accountId);
    return { complete: !!reporter, reporter };
  },

  'wyf.reporter.save': async (ctx) => {
    await saveReporter(ctx.db, authOf(ctx).accountId, ctx.body);
    return null;
  },

  'wyf.evidence.upload': async (ctx) => {
    const auth = authOf(ctx);
    const raw = await readOneFile(ctx);
    const file = await checkPublicFile(CLUE_EVIDENCE, raw.name, raw.content);
    return storeEvidence(ctx.db, auth.accountId, file);
  },

  'wyf.clue.submit': async (ctx) => {
    const auth = authOf(ctx);
    if (ctx.config.rateLimitPerMinute) {
      const { count, retryAfter } = await hit(ctx.db, 'clue', `acct:${auth.accountId}`);
      if (count > Math.min(CLUES_PER_MINUTE, ctx.config.rateLimitPerMinute))
        throw new ApiError(Code.ILLEGAL_IP, 'auth.rateLimited', { seconds: retryAfter });
    }
    return submitClue(ctx.db, auth.accountId, ctx.body);
  },

  'wyf.clue.mine': (ctx) => cluePage(ctx, authOf(ctx).accountId),

  'wyf.clue.query': async (ctx) => {
    await triager(ctx);
    return cluePage(ctx);
  },

  'wyf.clue.get': async (ctx) => {
    const auth = await triager(ctx);
    const detail = await clueDetail(ctx.db, ctx.body.id);
    await auditRead(ctx, auth, 'clue.read', ctx.body.id);
    return detail;
  },

  'wyf.clue.triage': async (ctx) => {
    const auth = await triager(ctx);
    await triageClue(ctx.db, { accountId: auth.accountId, tenantId: auth.tenantId! }, ctx.body);
    return null;
  },

  'wyf.evidence.download': async (ctx) => {
    const auth = await triager(ctx);
    const row = await ctx.db
      .selectFrom('filing.wyf_evidence')
      .select(['file_name', 'mime', 'content', 'sha256'])
      .where('id', '=', ctx.query.id)
      .where('clue_id', 'is not', null)
      .executeTakeFirst();
    if (!row) throw new ApiError(Code.NOT_FOUND, 'publicData.error.notFound');
    await auditRead(ctx, auth, 'clue.evidence.read', ctx.query.id);
    return ctx.reply
      .header('content-disposition', contentDisposition('attachment', row.file_name))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, no-store')
      .type(row.mime)
      .send(Buffer.from(row.content));
  },
});
