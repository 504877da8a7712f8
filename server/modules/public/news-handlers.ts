/**
 * News and sample cases (schemas/api/news.yaml and tnewsGg.queryContent in public.yaml): the public list
 * and detail (published only), and the back office's management with news:manage in the authority's
 * tenant.
 */
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { requireAuthority } from './authority.ts';
import {
  createNews,
  NEWS_CATEGORIES,
  newsById,
  newsView,
  publicNews,
  removeNews,
  setPublished,
  updateNews,
} from './news.ts';
import type { NewsCategory } from './tables.ts';
import { authOf, defineHandlers, type HandlerContext } from '../../http/handler.ts';
import { applySortAndPage, pageOf, totalOf, type ListRequest } from '../../http/list-query.ts';

const bad = (key: string) => new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.badFilter', { key });
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** keyword, category and (back office only) published, checked. */
function newsFilters(req: ListRequest, allowed: string[]) {
  const out: { keyword?: string; category?: NewsCategory; published?: boolean } = {};
  for (const p of req.parameters ?? []) {
    if (!allowed.includes(p.key))
      throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownFilter', { key: p.key });
    const v = p.value === undefined || p.value === null ? '' : String(p.value).trim();
    if (!v) continue;
    if (p.key === 'keyword') {
      if ([...v].length > 100) throw bad('keyword');
      out.keyword = v;
    } else if (p.key === 'category') {
      if (!NEWS_CATEGORIES.includes(v as NewsCategory)) throw bad('category');
      out.category = v as NewsCategory;
    } else {
      if (v !== 'true' && v !== 'false') throw bad('published');
      out.published = v === 'true';
    }
  }
  return out;
}

const SORTS = {
  filters: {},
  sorts: { publishTime: 'n.publish_time', createTime: 'n.created_at', title: 'n.title' },
  defaultSort: [
    ['n.publish_time', 'desc'],
    ['n.created_at', 'desc'],
    ['n.id', 'asc'],
  ] as [string, 'asc' | 'desc'][],
};

async function manage(ctx: HandlerContext) {
  await requireAuthority(ctx.db, ctx.auth, 'news:manage');
  return authOf(ctx);
}

export const newsHandlers = defineHandlers({
  'tnewsGg.queryContent': async (ctx) => {
    const req = ctx.body;
    const f = newsFilters(req, ['keyword', 'category']);
    let base = publicNews(ctx.db, f.category);
    if (f.keyword) base = base.where('n.title', 'ilike', `%${likeEscape(f.keyword)}%`);
    const { query, page, limit } = applySortAndPage(
      base.select(['n.id', 'n.title', 'n.summary', 'n.source', 'n.publish_time', 'n.category']),
      SORTS,
      req,
    );
    const rows = await query.execute();
    const total = await totalOf(base, req);
    // The list carries the summary as its text; the detail (tnewsGg.get) carries the full content.
    return pageOf(
      rows.map((r) => ({
        id: r.id,
        title: r.title,
        content: r.summary ?? '',
        source: r.source,
        publishTime: r.publish_time,
      })),
      total,
      page,
      limit,
    );
  },

  'tnewsGg.get': async (ctx) => newsById(ctx.db, ctx.body.id, true),

  'tnewsGg.query': async (ctx) => {
    await manage(ctx);
    const req = ctx.body;
    const f = newsFilters(req, ['keyword', 'category', 'published']);
    let base = ctx.db.selectFrom('filing.news as n');
    if (f.keyword) base = base.where('n.title', 'ilike', `%${likeEscape(f.keyword)}%`);
    if (f.category) base = base.where('n.category', '=', f.category);
    if (f.published !== undefined) base = base.where('n.published', '=', f.published);
    const { query, page, limit } = applySortAndPage(
      base.select([
        'n.id',
        'n.title',
        'n.category',
        'n.summary',
        'n.source',
        'n.published',
        'n.publish_time',
        'n.created_at',
        'n.updated_at',
      ]),
      SORTS,
      req,
    );
    const rows = await query.execute();
    const total = await totalOf(base, req);
    return pageOf(rows.map(newsView), total, page, limit);
  },

  'tnewsGg.detail': async (ctx) => {
    await manage(ctx);
    return newsById(ctx.db, ctx.body.id, false);
  },

  'tnewsGg.save': async (ctx) => {
    const auth = await manage(ctx);
    return createNews(ctx.db, auth.accountId, ctx.body);
  },

  'tnewsGg.update': async (ctx) => {
    await manage(ctx);
    const { id, ...input } = ctx.body;
    await updateNews(ctx.db, id, input);
    return null;
  },

  'tnewsGg.publish': async (ctx) => {
    await manage(ctx);
    await setPublished(ctx.db, ctx.body.ids, ctx.body.published);
    return null;
  },

  'tnewsGg.remove': async (ctx) => {
    await manage(ctx);
    await removeNews(ctx.db, ctx.query.ids);
    return null;
  },
});
