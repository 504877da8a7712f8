/** /homepage: the authority's public home (links to the query page and to reporting, the latest news) and a news item. */
import { callPublic } from './api.ts';
import { useI18n } from './i18n.ts';
import { Status } from './Layout.tsx';
import type { RowOf } from './operations.ts';
import { RichText } from './RichText.tsx';
import { Link, navigate, usePlace } from './router.tsx';
import { usePublicLoad } from './page-data.ts';
import { useTitle } from './use-title.ts';

const NEWS_PAGE = 10;
const day = (time?: string | null) => (time ? time.slice(0, 10) : '');

export function HomePage() {
  const { t } = useI18n();
  const { query } = usePlace();
  useTitle(t('home.title'));
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const news = usePublicLoad(
    `news-page:${page}`,
    (signal) =>
      callPublic('tnewsGg.queryContent', {
        body: { requestPage: { pageNo: page, limit: NEWS_PAGE } },
        signal,
      }),
    { keepPrevious: true },
  );
  const items: RowOf<'tnewsGg.queryContent'>[] | undefined = news.data?.dataResult;
  const total = news.data?.pageResult.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / NEWS_PAGE));
  return (
    <div className="pub-home">
      <section className="pub-hero" aria-labelledby="home-title">
        <h1 id="home-title">{t('home.welcome')}</h1>
        <p>{t('home.intro')}</p>
        <p className="pub-hero-links">
          <Link href="/publicityIndex" className="pub-button pub-primary">
            {t('home.queryLink')}
          </Link>
          <a href="/loginWyf" className="pub-button">
            {t('home.reportLink')}
          </a>
        </p>
      </section>
      <section aria-labelledby="news-title" className="pub-card">
        <h2 id="news-title">{t('home.news')}</h2>
        <Status loading={news.loading} error={news.error} onRetry={news.reload} />
        {items && items.length === 0 && <p>{t('home.noNews')}</p>}
        {items && items.length > 0 && (
          <ul className="pub-news">
            {items.map((item) => (
              <li key={item.id}>
                <Link href={`/homepage/news/${encodeURIComponent(item.id)}`}>{item.title}</Link>{' '}
                <time className="pub-muted" dateTime={item.publishTime ?? undefined}>
                  {day(item.publishTime)}
                </time>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <nav aria-label={t('query.pager')} className="pub-pager">
            <button type="button" disabled={page <= 1} onClick={() => navigate(`/homepage?page=${page - 1}`)}>
              {t('query.previous')}
            </button>
            <span>{t('query.pageOf', { page, pages })}</span>
            <button
              type="button"
              disabled={page >= pages}
              onClick={() => navigate(`/homepage?page=${page + 1}`)}
            >
              {t('query.next')}
            </button>
          </nav>
        )}
      </section>
    </div>
  );
}

export function NewsDetail({ id }: { id: string }) {
  const { t } = useI18n();
  const item = usePublicLoad(`news:${id}`, (signal) => callPublic('tnewsGg.get', { body: { id }, signal }));
  useTitle(item.data?.title ?? t('home.news'));
  const n = item.data;
  return (
    <article className="pub-detail">
      <p>
        <Link href="/homepage">← {t('home.title')}</Link>
      </p>
      {!n && <Status loading={item.loading} error={item.error} onRetry={item.reload} />}
      {n && (
        <>
          <h1>{n.title}</h1>
          <p className="pub-meta">
            {n.publishTime && t('home.published', { date: day(n.publishTime) })}{' '}
            {n.source && t('home.source', { source: n.source })}
          </p>
          <RichText html={n.content ?? ''} />
        </>
      )}
    </article>
  );
}
