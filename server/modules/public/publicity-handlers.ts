/**
 * The public merger information query page (schemas/api/public.yaml): clearances, notices, decisions,
 * the published-case history and samples, the open data (CSV, JSON) and the Atom feed. No login; every
 * read obeys the visibility rules of server/modules/public/publications.ts.
 */
import { sql } from 'kysely';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { filtersFromParameters, filtersFromQuery, keywordCondition, type PublicList } from './filters.ts';
import { csvStream, jsonStream, openDataRows } from './open-data.ts';
import { feedXml } from './feed.ts';
import { bufferOf, exportGateOf, type Download } from './export-gate.ts';
import { publicNews } from './news.ts';
import {
  clearanceView,
  countPublications,
  decisionView,
  defaultOrderOf,
  filteredPublications,
  LIST_SPECS,
  noticeView,
  partiesOf,
  selectCaseNo,
  selectRow,
  todayOf,
  visiblePublication,
  type PubRow,
} from './publications.ts';
import { sanitizeMessageHtml } from '../messages/sanitize.ts';
import { defineHandlers, type HandlerContext, type OperationQuery } from '../../http/handler.ts';
import { applySortAndPage, pageOf, totalOf, type ListRequest } from '../../http/list-query.ts';
import { submitPublicComment } from './comment-submit.ts';
import { requireAuthority } from './authority.ts';
import { getNoticeAnonymity, NOTICE_MANAGE, setNoticeAnonymity } from './notice-anonymity.ts';
import { actorOf } from '../filing/actor-of.ts';

/** One page of a public list: filters checked, sorted, paged and counted. */
async function listPage<T>(ctx: HandlerContext, list: PublicList, req: ListRequest, view: (r: PubRow) => T) {
  const today = todayOf();
  const filters = filtersFromParameters(list, req.parameters);
  const base = filteredPublications(ctx.db, list, filters, today);
  // Within one batch the default order is the batch's own (序号); elsewhere the list's.
  const spec = { ...LIST_SPECS[list], defaultSort: defaultOrderOf(list, filters) };
  const { query, page, limit } = applySortAndPage(selectRow(base, list, today), spec, req);
  const rows = (await query.execute()) as PubRow[];
  // A later page reuses the total the client already has.
  const known = req.requestPage?.totalCount;
  const total =
    known !== undefined && page > 1 ? known : await countPublications(ctx.db, list, filters, today);
  return pageOf(rows.map(view), total, page, limit);
}

const notFound = () => new ApiError(Code.NOT_FOUND, 'publicData.error.notFound');

/**
 * A download of the register through its gate (server/modules/public/export-gate.ts): rate-limited per client
 * address, built once per key and served from a short-lived cache; `X-Cache` says which.
 */
async function gatedDownload(ctx: HandlerContext, key: string, build: () => Promise<Download>) {
  const gate = exportGateOf(ctx.request.server, ctx.config);
  gate.admit(ctx.request.ip, ctx.reply);
  const { download, cached } = await gate.get(key, build);
  if (download.fileName)
    ctx.reply
      .header('content-disposition', `attachment; filename="${download.fileName}"`)
      .header('x-content-type-options', 'nosniff');
  return ctx.reply
    .header('cache-control', 'public, max-age=300')
    .header('x-cache', cached ? 'hit' : 'miss')
    .type(download.type)
    .send(download.body);
}

/** Open data in the asked format, named after the list and the day. */
async function openData(
  ctx: HandlerContext<OperationQuery<`publicity.openData.${PublicList}`>>,
  list: PublicList,
) {
  const { query } = ctx;
  const filters = filtersFromQuery(list, { ...query });
  const format = query.format === 'json' ? 'json' : 'csv';
  const today = todayOf();
  // The CSV speaks the request's language (headers, labels); the JSON does not.
  const lang = format === 'csv' ? ctx.lang : '';
  const key = JSON.stringify([list, format, lang, today, Object.entries(filters).sort()]);
  return gatedDownload(ctx, key, async () => {
    const rows = openDataRows(ctx.db, list, filters, today);
    return {
      body: await bufferOf(format === 'json' ? jsonStream(rows) : csvStream(list, rows, ctx.lang)),
      type: format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
      fileName: `${list}-${today}.${format}`,
    };
  });
}

/** History rows of the spec's case-publish list: clearances and decisions together. */
const HISTORY_DECISION: Record<string, string> = {
  CLEARANCE: 'unconditional',
  CONDITIONAL: 'conditional',
  PROHIBITION: 'prohibited',
};

async function historyPage(ctx: HandlerContext<unknown, ListRequest>) {
  const req = ctx.body;
  const today = todayOf();
  let keyword: string | undefined;
  let year: string | undefined;
  let decision: string | undefined;
  for (const p of req.parameters ?? []) {
    const v = p.value === undefined || p.value === null ? '' : String(p.value).trim();
    if (p.key === 'keyword') keyword = v || undefined;
    else if (p.key === 'year') {
      if (v && !/^(19|20)\d\d$/.test(v))
        throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.badFilter', { key: 'year' });
      year = v || undefined;
    } else if (p.key === 'decision') {
      if (v && !['unconditional', 'conditional', 'prohibited'].includes(v))
        throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.badFilter', { key: 'decision' });
      decision = v || undefined;
    } else throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownFilter', { key: p.key });
  }
  if (keyword && [...keyword].length > 100)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.badFilter', { key: 'keyword' });
  // Clearances (in a batch) and decisions, each under its own visibility rules.
  const clearances = filteredPublications(ctx.db, 'clearance', {}, today).select('p.id');
  const decisions = filteredPublications(ctx.db, 'decision', {}, today).select('p.id');
  let base = ctx.db
    .selectFrom('filing.publication as p')
    .where((e) => e.or([e('p.id', 'in', clearances), e('p.id', 'in', decisions)]));
  if (keyword) base = base.where(keywordCondition(keyword));
  if (year) base = base.where(sql<boolean>`extract(year from p.decided_on) = ${Number(year)}`);
  if (decision) {
    const kind = Object.keys(HISTORY_DECISION).find((k) => HISTORY_DECISION[k] === decision)!;
    base = base.where('p.kind', '=', kind as 'CLEARANCE');
  }
  const { query, page, limit } = applySortAndPage(
    base.select([
      'p.id',
      'p.kind',
      'p.title',
      'p.parties',
      'p.industries',
      'p.procedure',
      'p.decided_on',
      'p.published_at',
      selectCaseNo,
    ]),
    {
      filters: {},
      sorts: { closeTime: 'p.decided_on', publishTime: 'p.published_at', caseName: 'p.title' },
      defaultSort: [
        ['p.decided_on', 'desc'],
        ['p.id', 'asc'],
      ],
    },
    req,
  );
  const rows = await query.execute();
  const total = await totalOf(base, req);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      caseNo: (r.case_no ?? null) as string | null,
      caseName: r.title,
      parties: partiesOf(r.parties).join(','),
      industry: r.industries?.[0] ?? null,
      procedure: r.procedure === 'SIMPLIFIED' ? ('simplified' as const) : ('normal' as const),
      decision: HISTORY_DECISION[r.kind] as 'unconditional' | 'conditional' | 'prohibited',
      closeTime: r.decided_on,
      publishTime: r.published_at,
    })),
    total,
    page,
    limit,
  );
}

export const publicityHandlers = defineHandlers({
  'publicity.clearance.query': (ctx) => listPage(ctx, 'clearance', ctx.body, clearanceView),
  'publicity.notice.query': (ctx) => listPage(ctx, 'notice', ctx.body, noticeView),
  'publicity.decision.query': (ctx) => listPage(ctx, 'decision', ctx.body, decisionView),

  'publicity.batch.query': async (ctx) => {
    const req = ctx.body;
    let year: string | undefined;
    for (const p of req.parameters ?? []) {
      if (p.key !== 'year') throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownFilter', { key: p.key });
      const v = p.value === undefined || p.value === null ? '' : String(p.value).trim();
      if (v && !/^(19|20)\d\d$/.test(v))
        throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.badFilter', { key: 'year' });
      year = v || undefined;
    }
    const today = todayOf();
    let base = ctx.db.selectFrom('filing.publication_batch as b').where('b.published_on', '<=', today);
    if (year)
      base = base
        .where('b.published_on', '>=', `${year}-01-01`)
        .where('b.published_on', '<=', `${year}-12-31`);
    const { query, page, limit } = applySortAndPage(
      base.select(['b.id', 'b.title', 'b.published_on']),
      {
        filters: {},
        sorts: { publishedOn: 'b.published_on' },
        defaultSort: [
          ['b.published_on', 'desc'],
          ['b.id', 'asc'],
        ],
      },
      req,
    );
    const rows = await query.execute();
    // The page's clearance counts in one grouped pass, not one count per batch (a correlated count
    // walked every clearance once per batch: most of a 1,000-batch page's time).
    const counts = new Map<string, number>();
    if (rows.length > 0) {
      const grouped = await filteredPublications(ctx.db, 'clearance', {}, today, { forCount: true })
        .where(
          'p.batch_id',
          'in',
          rows.map((r) => r.id),
        )
        .select(['p.batch_id', (e) => e.fn.countAll<number>().as('n')])
        .groupBy('p.batch_id')
        .execute();
      for (const g of grouped) counts.set(String(g.batch_id), Number(g.n));
    }
    const total = await totalOf(base, req);
    return pageOf(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        publishedOn: r.published_on,
        count: counts.get(r.id) ?? 0,
      })),
      total,
      page,
      limit,
    );
  },

  'publicity.notice.get': async (ctx) => {
    const today = todayOf();
    const r = await visiblePublication(ctx.db, 'notice', ctx.body.id, today);
    if (!r) throw notFound();
    return { ...noticeView(r), noticeForm: (r.notice_form ?? null) as Record<string, unknown> | null };
  },

  'publicity.decision.get': async (ctx) => {
    const r = await visiblePublication(ctx.db, 'decision', ctx.body.id, todayOf());
    if (!r) throw notFound();
    return { ...decisionView(r), fullText: r.full_text ? sanitizeMessageHtml(String(r.full_text)) : null };
  },

  'publicity.comment.submit': (ctx) => submitPublicComment(ctx),

  // The authority's switch over anonymous comments on a notice (notice:manage, authority tenant only).
  'publicity.notice.anonymity.get': async (ctx) => {
    await requireAuthority(ctx.db, ctx.auth, NOTICE_MANAGE);
    return getNoticeAnonymity(ctx.request.server.filing, await actorOf(ctx), ctx.body);
  },
  'publicity.notice.anonymity.save': async (ctx) => {
    await requireAuthority(ctx.db, ctx.auth, NOTICE_MANAGE);
    return setNoticeAnonymity(ctx.request.server.filing, await actorOf(ctx), ctx.body);
  },

  'publicity.openData.clearance': (ctx) => openData(ctx, 'clearance'),
  'publicity.openData.notice': (ctx) => openData(ctx, 'notice'),
  'publicity.openData.decision': (ctx) => openData(ctx, 'decision'),

  'publicity.feed': async (ctx) => {
    const origin = originOf(ctx);
    const today = todayOf();
    return gatedDownload(ctx, JSON.stringify(['feed', origin, today, ctx.lang]), async () => ({
      body: Buffer.from(await feedXml(ctx.db, origin, ctx.config.apiBase, today, ctx.lang)),
      type: 'application/atom+xml; charset=utf-8',
    }));
  },

  'casePublish.history.query': (ctx) => historyPage(ctx),

  'casePublish.sample.query': async (ctx) => {
    const req = ctx.body;
    for (const p of req.parameters ?? [])
      if (p.key !== 'keyword')
        throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownFilter', { key: p.key });
    const keyword = req.parameters?.find((p) => p.key === 'keyword')?.value;
    let base = publicNews(ctx.db, 'sample');
    if (typeof keyword === 'string' && keyword.trim())
      base = base.where('n.title', 'ilike', `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const { query, page, limit } = applySortAndPage(
      base.select(['n.id', 'n.title', 'n.summary', 'n.content', 'n.publish_time']),
      {
        filters: {},
        sorts: { publishTime: 'n.publish_time' },
        defaultSort: [
          ['n.publish_time', 'desc'],
          ['n.id', 'asc'],
        ],
      },
      req,
    );
    const rows = await query.execute();
    const total = await totalOf(base, req);
    return pageOf(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        summary: r.summary,
        content: r.content,
        // No attachmentIds: a sample case's files are linked inside its content (news carry none).
        publishTime: r.publish_time,
      })),
      total,
      page,
      limit,
    );
  },
});

/** The page's origin for the feed's absolute links: the configured public address, else the request's. */
function originOf(ctx: HandlerContext): string {
  const host = ctx.request.headers.host ?? '';
  // Only a plain host[:port] goes into the links (a forged Host header cannot inject markup or paths).
  return `${ctx.request.protocol}://${/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? host : 'localhost'}`;
}
