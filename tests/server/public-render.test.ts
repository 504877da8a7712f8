/**
 * Public pages with their content in the HTML (server/http/public-render.ts, src/public/server-render.tsx):
 * the page's text, title, language, canonical link and status come from the server's render of the
 * address; the answers it used travel in the page for hydration, escaped so no stored text can close
 * the element; a render that fails sends the plain page.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { chinaDate } from '../../server/modules/filing/dates.ts';
import type { RenderBundle } from '../../server/http/public-render.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId } from './auth-support.ts';

const TEMPLATE =
  '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <title>经营者集中信息公开</title>\n  </head>\n' +
  '  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

const source = () => import('../../src/public/server-render.tsx') as Promise<RenderBundle>;

/** The JSON the page carries for hydration. */
function pageData(html: string): Record<string, unknown> {
  const m = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
  expect(m, 'page-data element').not.toBeNull();
  return JSON.parse(m![1]) as Record<string, unknown>;
}

describe('public pages rendered on the server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mf-ssr-'));
  let t: TestServer;
  let broken: TestServer;
  const decisionId = newId();
  const hostile = '某某公司</script><script>alert(1)</script>收购案';
  const CASE_NO = 'JZSB2020-0917';

  beforeAll(async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'public.html'), TEMPLATE);
    t = await startTestServer('pglite', { staticDir: dir }, { filingWorkers: false, renderBundle: source });
    const caseId = newId();
    await db(t)
      .insertInto('filing.case')
      .values({
        id: caseId,
        owner_tenant_id: await demoTenantId(t),
        case_no: CASE_NO,
        title: hostile,
        state: 'CLEARED_WITH_CONDITIONS',
        procedure: 'NORMAL',
      } as never)
      .execute();
    await db(t)
      .insertInto('filing.publication')
      .values({
        id: decisionId,
        case_id: caseId,
        kind: 'CONDITIONAL',
        title: hostile,
        parties: '甲公司、乙公司',
        industries: ['C3670'],
        decided_on: '2020-03-02',
        full_text: '<p>附加限制性条件<img src=x onerror="alert(2)"></p><script>alert(3)</script>',
        conditions: '剥离资产',
      } as never)
      .execute();
    broken = await startTestServer(
      'pglite',
      { staticDir: dir },
      {
        filingWorkers: false,
        renderBundle: async () => ({
          createPublicRenderer: () => () => Promise.reject(new Error('render failed')),
        }),
      },
    );
  }, 180_000);
  afterAll(async () => {
    await Promise.all([t?.close(), broken?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (server: TestServer, path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl}${path}`, { headers });
  /** fetch cannot set Host: a plain request can, as a proxy or a forger would. */
  const getWithHost = (path: string, host: string) =>
    new Promise<string>((done, fail) => {
      const req = request(`${t.baseUrl}${path}`, { headers: { host } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => done(body));
      });
      req.on('error', fail);
      req.end();
    });

  it('puts a decision page in the HTML: its text, title, language, and the data for hydration', async () => {
    const r = await get(t, `/publicityIndex/decision/${decisionId}?lang=en`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/text\/html/);
    const html = await r.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<div id="root" data-language="en">');
    expect(html).toContain('附加限制性条件');
    expect(html).toContain('剥离资产');
    // The stored HTML is sanitised on the way: no script, no handler.
    expect(html).not.toMatch(/<script>alert|onerror=/);
    // The hostile title is text everywhere: escaped in the markup and the title, \u003c in the JSON.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toMatch(/<title>某某公司&lt;\/script&gt;&lt;script&gt;alert\(1\)&lt;\/script&gt;收购案 - /);
    const data = pageData(html);
    const answer = data[`decision:${decisionId}`] as { data: { title: string } };
    expect(answer.data.title).toBe(hostile);
  });

  it('speaks the visitor’s language: ?lang=, then the language cookie, then Accept-Language', async () => {
    const lang = async (path: string, headers: Record<string, string>) =>
      /<html lang="([^"]+)">/.exec(await (await get(t, path, headers)).text())?.[1];
    expect(await lang('/publicityIndex/about', { 'accept-language': 'en-GB,en;q=0.9' })).toBe('en');
    expect(
      await lang('/publicityIndex/about', { 'accept-language': 'en', cookie: 'mf_public_lang=zh-TW' }),
    ).toBe('zh-TW');
    expect(await lang('/publicityIndex/about?lang=zh-CN', { cookie: 'mf_public_lang=en' })).toBe('zh-CN');
    // A cookie that is not a language is ignored.
    expect(await lang('/publicityIndex/about', { cookie: 'mf_public_lang=<x>' })).toBe('zh-CN');
  });

  it('renders the query page with its first list, and a missing page as 404', async () => {
    const r = await get(t, '/publicityIndex?tab=decisions');
    const html = await r.text();
    expect(r.status).toBe(200);
    expect(html).toContain('甲公司、乙公司');
    const keys = Object.keys(pageData(html));
    expect(keys.some((k) => k.startsWith('decisions:'))).toBe(true);
    const missing = await get(t, '/publicityIndex/no/such/page');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root" data-language="zh-CN">');
    // A detail the register does not hold: the page says so (its answer embedded as a failure).
    const gone = await (await get(t, `/publicityIndex/decision/${newId()}`)).text();
    expect(Object.values(pageData(gone))).toEqual([
      { error: expect.objectContaining({ state: expect.any(Number) }) },
    ]);
  });

  it('renders a case page with its canonical address', async () => {
    const html = await getWithHost(`/publicityIndex/case/${CASE_NO}`, 'register.example.org:8443');
    expect(html).toContain(
      `<link rel="canonical" href="http://register.example.org:8443/publicityIndex/case/${CASE_NO}" />`,
    );
    expect(html).toContain('<dd>甲公司、乙公司</dd>');
    expect(html).toContain(CASE_NO);
  });

  it('lists the public pages and every public case for search engines', async () => {
    const robots = await (await get(t, '/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /api/');
    const index = await (await get(t, '/sitemap.xml')).text();
    expect(index).toContain('<sitemapindex');
    expect(index).toMatch(/sitemap-pages\.xml/);
    expect(index).toMatch(/sitemap-cases-1\.xml/);
    expect(index).not.toMatch(/sitemap-cases-2\.xml/);
    const pages = await (await get(t, '/sitemap-pages.xml')).text();
    expect(pages).toMatch(/<loc>http:\/\/127\.0\.0\.1:\d+\/publicityIndex\/statistics<\/loc>/);
    const cases = await get(t, '/sitemap-cases-1.xml');
    expect(cases.headers.get('content-type')).toMatch(/application\/xml/);
    expect(await cases.text()).toMatch(
      new RegExp(
        `<url><loc>http://127\\.0\\.0\\.1:\\d+/publicityIndex/case/${CASE_NO}</loc><lastmod>${chinaDate(new Date())}</lastmod></url>`,
      ),
    );
    for (const n of ['2', '0', 'x']) expect((await get(t, `/sitemap-cases-${n}.xml`)).status, n).toBe(404);
  });

  it('sends the plain page when the render fails, and leaves the back office alone', async () => {
    const r = await get(broken, '/publicityIndex');
    expect(r.status).toBe(200);
    expect(await r.text()).toBe(TEMPLATE);
    expect(await (await get(t, '/system/employeeList')).text()).toContain('<title>app</title>');
  });
});
