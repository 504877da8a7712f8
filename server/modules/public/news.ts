/**
 * News and announcements (tnewsGg) and sample cases (category sample) in filing.news. The public sees
 * published items only; content is sanitised with the messages' allowlist when saved, so the database
 * holds only safe HTML.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { newId } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { sanitizeMessageHtml } from '../messages/sanitize.ts';
import type { NewsCategory } from './tables.ts';
import './tables.ts';

export const NEWS_CATEGORIES: NewsCategory[] = ['news', 'notice', 'policy', 'sample'];

export interface NewsInput {
  title: string;
  category: NewsCategory;
  summary?: string | null;
  content?: string | null;
  source?: string | null;
}

const notFound = () => new ApiError(Code.NOT_FOUND, 'publicData.error.newsNotFound');

function cleaned(input: NewsInput) {
  const title = input.title.trim();
  if (!title) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.titleRequired');
  return {
    title,
    category: input.category,
    summary: input.summary?.trim() || null,
    content: input.content ? sanitizeMessageHtml(input.content) : null,
    source: input.source?.trim() || null,
  };
}

export async function createNews(db: Db, accountId: string, input: NewsInput, at = new Date()) {
  const id = newId();
  await db
    .insertInto('filing.news')
    .values({ id, ...cleaned(input), created_by: accountId, created_at: at })
    .execute();
  return { id };
}

export async function updateNews(db: Db, id: string, input: NewsInput, at = new Date()) {
  const res = await db
    .updateTable('filing.news')
    .set({ ...cleaned(input), updated_at: at })
    .where('id', '=', id)
    .executeTakeFirst();
  if (!Number(res.numUpdatedRows)) throw notFound();
}

const splitIds = (ids: string) =>
  ids
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Publishing stamps the publish time the first time only; unpublishing keeps it for a re-publish. */
export async function setPublished(db: Db, ids: string, published: boolean, at = new Date()) {
  const list = splitIds(ids);
  if (!list.length) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.idsRequired');
  const res = await db
    .updateTable('filing.news')
    .set({
      published,
      updated_at: at,
      ...(published ? { publish_time: sql<Date>`coalesce(publish_time, ${at})` } : {}),
    })
    .where('id', 'in', list)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== list.length) throw notFound();
}

export async function removeNews(db: Db, ids: string) {
  const list = splitIds(ids);
  if (!list.length) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.idsRequired');
  await db.deleteFrom('filing.news').where('id', 'in', list).execute();
}

export type NewsRow = Record<string, any>;

export function newsView(r: NewsRow) {
  return {
    id: r.id as string,
    title: r.title as string,
    category: r.category as NewsCategory,
    summary: (r.summary ?? null) as string | null,
    content: (r.content ?? null) as string | null,
    source: (r.source ?? null) as string | null,
    published: !!r.published,
    publishTime: (r.publish_time ?? null) as Date | null,
    createTime: (r.created_at ?? null) as Date | null,
    updateTime: (r.updated_at ?? null) as Date | null,
  };
}

export async function newsById(db: Db, id: string, publishedOnly: boolean) {
  let q = db.selectFrom('filing.news').selectAll().where('id', '=', id);
  if (publishedOnly) q = q.where('published', '=', true);
  const row = await q.executeTakeFirst();
  if (!row) throw notFound();
  return newsView(row);
}

/** Base of the news lists: the public one (published, optionally one category or all but samples). */
export function publicNews(db: Db, category?: NewsCategory): SelectQueryBuilder<any, any, any> {
  let q: SelectQueryBuilder<any, any, any> = db
    .selectFrom('filing.news as n')
    .where('n.published', '=', true);
  q = category ? q.where('n.category', '=', category) : q.where('n.category', '<>', 'sample');
  return q;
}
