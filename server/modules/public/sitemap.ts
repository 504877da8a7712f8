/**
 * The public register for search engines (issue 25): /robots.txt names /sitemap.xml, a sitemap index of
 * the public pages (home, query, under review, statistics, about) and of every public case's page
 * (case-page/case-numbers.ts: /publicityIndex/case/<number>, with the day its page last changed), in
 * files of 10,000 addresses (the protocol allows 50,000). Addresses are absolute, on the request's host
 * (a plain host[:port] only, as the feed's links). The back office is disallowed: it is all behind a
 * sign-in and has nothing to index.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { countPublicCases, publicCaseNumbers } from './case-page/case-numbers.ts';

export const SITEMAP_PAGE_SIZE = 10_000;

const PUBLIC_PAGES = [
  '/homepage',
  '/publicityIndex',
  '/publicityIndex/underReview',
  '/publicityIndex/statistics',
  '/publicityIndex/about',
];

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

function originOf(req: FastifyRequest): string {
  const host = req.headers.host ?? '';
  return `${req.protocol}://${/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? host : 'localhost'}`;
}

function sendXml(reply: FastifyReply, body: string) {
  // A crawler comes back often; an hour old is fresh enough for a register that changes daily.
  return reply
    .type('application/xml; charset=utf-8')
    .header('cache-control', 'public, max-age=3600')
    .send(body);
}

const urlset = (entries: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;

export function registerSitemapRoutes(app: FastifyInstance, db: Db): void {
  app.get('/robots.txt', (req, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(
        [
          'User-agent: *',
          'Allow: /homepage',
          'Allow: /publicityIndex',
          // The public pages' scripts and styles, so a crawler renders what a visitor sees.
          'Allow: /assets/',
          'Allow: /sitemap',
          'Disallow: /api/',
          'Disallow: /',
          '',
          `Sitemap: ${originOf(req)}/sitemap.xml`,
          '',
        ].join('\n'),
      ),
  );

  app.get('/sitemap.xml', async (req, reply) => {
    const origin = originOf(req);
    const files = Math.ceil((await countPublicCases(db)) / SITEMAP_PAGE_SIZE);
    const entries = ['pages', ...Array.from({ length: files }, (_, i) => `cases-${i + 1}`)].map(
      (name) => `  <sitemap><loc>${xmlEscape(`${origin}/sitemap-${name}.xml`)}</loc></sitemap>`,
    );
    return sendXml(
      reply,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`,
    );
  });

  app.get('/sitemap-pages.xml', (req, reply) => {
    const origin = originOf(req);
    return sendXml(
      reply,
      urlset(PUBLIC_PAGES.map((p) => `  <url><loc>${xmlEscape(origin + p)}</loc></url>`)),
    );
  });

  app.get<{ Params: { n: string } }>('/sitemap-cases-:n.xml', async (req, reply) => {
    const n = /^[1-9]\d{0,5}$/.test(req.params.n) ? Number(req.params.n) : 0;
    const rows = n
      ? await publicCaseNumbers(db, { limit: SITEMAP_PAGE_SIZE, offset: (n - 1) * SITEMAP_PAGE_SIZE })
      : [];
    if (rows.length === 0) return reply.callNotFound();
    const origin = originOf(req);
    return sendXml(
      reply,
      urlset(
        rows.map(
          (r) =>
            `  <url><loc>${xmlEscape(`${origin}/publicityIndex/case/${encodeURIComponent(r.caseNo)}`)}</loc>` +
            `<lastmod>${r.lastChanged}</lastmod></url>`,
        ),
      ),
    );
  });
}
