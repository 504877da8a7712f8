/**
 * The public merger information page (issue 13) in Chromium, with no login: the clearance list searched
 * by a two-character Chinese keyword and a decision-date range (rows match, the address holds the
 * filters, a reload and back/forward keep them), the filtered CSV download, a live notice opened and
 * commented on (captcha read from the database), the language switch, and axe on every public page.
 * Fixtures are inserted as published rows; run `npm run build` first.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newId } from '../../server/auth/tokens.ts';
import { addDays, chinaDate } from '../../server/modules/filing/dates.ts';
import { seriousViolations } from './support/axe.ts';
import { db, shownCaptcha } from './support/session.ts';
import { unique, useE2eSuite } from './support/suite.ts';
import { makeTenant } from '../server/auth-support.ts';

const KEYWORD = '琥珀';
const today = chinaDate(new Date());

/** The case names and decision dates of the clearance table's rows (batch header rows left out). */
async function clearanceRows(page: Page): Promise<{ name: string; date: string }[]> {
  return page.locator('table.pub-table tbody tr:not(.pub-group)').evaluateAll((rows) =>
    rows.map((r) => ({
      name: r.querySelector('th')?.textContent ?? '',
      date: r.lastElementChild?.textContent ?? '',
    })),
  );
}

/** A small RFC 4180 reader: quoted fields may hold commas and doubled quotes. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endField();
      rows.push(row);
      row = [];
    } else field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

describe('public merger information page', () => {
  const suite = useE2eSuite();
  const viewport = { width: 1280, height: 900 };
  const ids: Record<string, string> = {};

  async function pub(row: Record<string, unknown>) {
    const id = newId();
    await db(suite.server)
      .insertInto('filing.publication')
      .values({ id, industries: [], procedure: 'SIMPLIFIED', ...row } as never)
      .execute();
    return id;
  }

  beforeAll(async () => {
    // The authority's tenant keeps the attachments of public comments.
    const authority = await makeTenant(suite.server, unique('pubauth'));
    await db(suite.server)
      .updateTable('platform.tenant')
      .set({ kind: 'authority' })
      .where('id', '=', authority)
      .execute();
    const batchA = newId();
    const batchB = newId();
    await db(suite.server)
      .insertInto('filing.publication_batch')
      .values([
        { id: batchA, title: '2024年1月无条件批准经营者集中案件列表', published_on: '2024-02-05' },
        { id: batchB, title: '2024年3月无条件批准经营者集中案件列表', published_on: '2024-04-08' },
      ])
      .execute();
    const clearance = (batch: string, seq: number, title: string, decided: string, parties: string) =>
      pub({
        kind: 'CLEARANCE',
        batch_id: batch,
        seq,
        title,
        parties,
        decided_on: decided,
        industries: ['C2651'],
        transaction_mode: 'EQUITY_ACQUISITION',
      });
    // Two match keyword and range, one only the keyword, one only the range.
    await clearance(
      batchA,
      1,
      '琥珀新材料有限公司收购松涛化工有限公司股权案',
      '2024-01-15',
      '琥珀新材料有限公司、松涛化工有限公司',
    );
    await clearance(
      batchA,
      2,
      '青岚电子股份有限公司收购云杉科技有限公司股权案',
      '2024-01-20',
      '青岚电子股份有限公司、云杉科技有限公司',
    );
    await clearance(
      batchB,
      1,
      '北辰能源集团有限公司收购琥珀矿业有限公司股权案',
      '2024-03-12',
      '北辰能源集团有限公司、琥珀矿业有限公司',
    );
    await clearance(
      batchB,
      2,
      '琥珀医药股份有限公司与澜沧生物科技有限公司新设合营企业案',
      '2023-06-01',
      '琥珀医药股份有限公司、澜沧生物科技有限公司',
    );
    ids.live = await pub({
      kind: 'NOTICE',
      notice_state: 'LIVE',
      live_from: addDays(today, -2),
      live_until: addDays(today, 7),
      title: '金穗农业科技有限公司收购禾丰种业有限公司股权案',
      parties: '金穗农业科技有限公司、禾丰种业有限公司',
      allow_anonymous: true,
      notice_form: JSON.stringify({
        title: '金穗农业科技有限公司收购禾丰种业有限公司股权案',
        summary: '金穗农业科技有限公司拟收购禾丰种业有限公司100%股权并取得单独控制权。',
        partyIntros: [
          { party: '金穗农业科技有限公司', text: '注册于河南省郑州市，主要从事农业技术服务。' },
          { party: '禾丰种业有限公司', text: '注册于山东省济南市，主要从事种子生产。' },
        ],
        reasons: [1],
        remarks: '种子（中国境内）：金穗 0%-5%，禾丰 5%-10%。',
      }),
    });
    await pub({
      kind: 'NOTICE',
      notice_state: 'CLOSED',
      live_from: '2024-05-06',
      live_until: '2024-05-15',
      title: '远航物流有限公司收购海港仓储有限公司股权案',
      parties: '远航物流有限公司、海港仓储有限公司',
    });
    ids.decision = await pub({
      kind: 'CONDITIONAL',
      procedure: 'NORMAL',
      title: '关于附加限制性条件批准长风半导体收购星河微电子股权案反垄断审查决定的公告',
      parties: '长风半导体股份有限公司、星河微电子有限公司',
      decided_on: '2024-07-01',
      full_text: '<p>经审查，决定附加限制性条件批准此项经营者集中。</p>',
      conditions: '继续按公平、合理、无歧视的条件供应相关产品。',
      condition_term: '自生效之日起五年',
    });
    ids.news = newId();
    await db(suite.server)
      .insertInto('filing.news')
      .values({
        id: ids.news,
        category: 'news',
        title: '市场监管总局发布经营者集中审查工作情况',
        content: '<p>今年以来共审结经营者集中案件若干件。</p>',
        source: '反垄断执法二司',
        published: true,
        publish_time: new Date(),
      } as never)
      .execute();
  });

  const open = async (path: string) => {
    const { page } = await suite.newPage({ viewport, acceptDownloads: true });
    await page.goto(`${suite.server.baseUrl}${path}`);
    return page;
  };

  it('searches clearances by a two-character keyword and a date range, kept in the address', async () => {
    const page = await open('/publicityIndex');
    await page.getByRole('heading', { level: 1, name: '经营者集中信息查询' }).waitFor();
    await page.locator('table.pub-table').waitFor();
    // A single character is refused before anything is asked.
    await page.getByLabel('关键词（案件名称、经营者或案件编号）').fill('琥');
    await page.getByRole('button', { name: '查询' }).click();
    await page.getByText('关键词至少需要2个字符').waitFor();
    expect(new URL(page.url()).search).toBe('');

    await page.getByLabel('关键词（案件名称、经营者或案件编号）').fill(KEYWORD);
    await page.getByLabel('审结日期（起）').fill('2024-01-01');
    await page.getByLabel('审结日期（止）').fill('2024-03-31');
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === KEYWORD);
    const query = new URL(page.url()).searchParams;
    expect(query.get('decidedFrom')).toBe('2024-01-01');
    expect(query.get('decidedTo')).toBe('2024-03-31');

    const expected = [
      { name: '北辰能源集团有限公司收购琥珀矿业有限公司股权案', date: '2024-03-12' },
      { name: '琥珀新材料有限公司收购松涛化工有限公司股权案', date: '2024-01-15' },
    ];
    await expect.poll(() => clearanceRows(page)).toEqual(expected);
    await page.getByText('共 2 条').waitFor();
    // Grouped under their publication batches.
    await expect
      .poll(() => page.locator('tr.pub-group th').allTextContents())
      .toEqual([expect.stringContaining('2024年3月'), expect.stringContaining('2024年1月')]);

    await page.reload();
    await expect.poll(() => clearanceRows(page)).toEqual(expected);
    await expect(page.getByLabel('关键词（案件名称、经营者或案件编号）').inputValue()).resolves.toBe(KEYWORD);
    await expect(page.getByLabel('审结日期（起）').inputValue()).resolves.toBe('2024-01-01');

    // Back returns to the unfiltered list, forward to the filtered one.
    await page.goBack();
    await expect.poll(async () => (await clearanceRows(page)).length).toBe(4);
    await expect(page.getByLabel('关键词（案件名称、经营者或案件编号）').inputValue()).resolves.toBe('');
    await page.goForward();
    await expect.poll(() => clearanceRows(page)).toEqual(expected);
  });

  it('downloads the filtered list as CSV', async () => {
    const page = await open(
      `/publicityIndex?keyword=${encodeURIComponent(KEYWORD)}&decidedFrom=2024-01-01&decidedTo=2024-03-31`,
    );
    await expect.poll(async () => (await clearanceRows(page)).length).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: '下载筛选结果（CSV）' }).click(),
    ]);
    const text = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = parseCsv(text).filter((r) => r.some((f) => f !== ''));
    // Headers in the page's language (publicity.csvColumn).
    const col = (name: string) => header.indexOf(name);
    expect(col('案件名称')).toBeGreaterThanOrEqual(0);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row[col('案件名称')] + row[col('参与集中的经营者')]).toContain(KEYWORD);
      expect(row[col('审结日期')] >= '2024-01-01' && row[col('审结日期')] <= '2024-03-31').toBe(true);
    }
    expect(rows.map((r) => r[col('案件名称')]).sort()).toEqual([
      '北辰能源集团有限公司收购琥珀矿业有限公司股权案',
      '琥珀新材料有限公司收购松涛化工有限公司股权案',
    ]);
  });

  it('opens a live notice with its 公示表 and takes a comment', async () => {
    const page = await open('/publicityIndex');
    await page.getByRole('tab', { name: '简易案件公示' }).click();
    await page.waitForURL(/tab=notices/);
    await page.getByRole('link', { name: '金穗农业科技有限公司收购禾丰种业有限公司股权案' }).click();
    await page.waitForURL(new RegExp(`/publicityIndex/notice/${ids.live}$`));
    await page.getByRole('heading', { name: '公示表' }).waitFor();
    await page.getByText('注册于山东省济南市，主要从事种子生产。', { exact: false }).waitFor();

    // Nothing filled: every problem is said, nothing is sent.
    await page.getByRole('button', { name: '提交意见' }).click();
    await page.getByText('请更正以下问题：').waitFor();
    await expect(page.getByRole('link', { name: '请填写意见内容' }).count()).resolves.toBe(1);

    await page.getByLabel('姓名', { exact: true }).fill('赵敏');
    await page.getByLabel('联系方式（电话或电子邮箱）').fill('zhaomin@example.com');
    const text = '该交易可能影响种子市场的竞争，建议关注下游种植户的选择空间。';
    await page.getByLabel('意见内容').fill(text);
    await page.getByText(`已输入 ${text.length} / 5000 字`).waitFor();

    // A wrong captcha is refused with the server's translated message and a new image.
    const image = page.getByTestId('captcha-image');
    const first = await shownCaptcha(page, suite.server, image);
    await page.getByLabel('图形验证码').fill('zzzz');
    await page.getByRole('button', { name: '提交意见' }).click();
    await expect
      .poll(async () => (await shownCaptcha(page, suite.server, image)).requestId)
      .not.toBe(first.requestId);
    await expect(page.locator('.pub-summary [role="alert"]').textContent()).resolves.toMatch(/验证码/);

    await page.getByLabel('附件（可选）').setInputFiles({
      name: '意见补充.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('种子市场份额的补充说明。\n', 'utf8'),
    });
    const { answer } = await shownCaptcha(page, suite.server, image);
    await page.getByLabel('图形验证码').fill(answer);
    await page.getByRole('button', { name: '提交意见' }).click();
    await page.getByText('您的意见已提交，感谢参与。').waitFor();
    const stored = await db(suite.server)
      .selectFrom('filing.comment')
      .select(['name', 'contact', 'text', 'anonymous', 'attachment_sha256'])
      .where('publication_id', '=', ids.live)
      .execute();
    expect(stored).toEqual([
      {
        name: '赵敏',
        contact: 'zhaomin@example.com',
        text,
        anonymous: false,
        attachment_sha256: createHash('sha256').update('种子市场份额的补充说明。\n', 'utf8').digest('hex'),
      },
    ]);
  });

  it('switches language with the lang attribute and keeps the address', async () => {
    const page = await open('/publicityIndex?tab=decisions');
    await page.getByRole('link', { name: /长风半导体/ }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Merger information search' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en');
    await page.getByRole('button', { name: '繁體中文' }).click();
    await page.getByRole('heading', { level: 1, name: '經營者集中資訊查詢' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('decisions');
  });

  it('works by keyboard: skip link first, tabs by arrow keys, a visible focus ring', async () => {
    const page = await open('/publicityIndex');
    await page.locator('table.pub-table').waitFor();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const style = el ? getComputedStyle(el) : null;
        return {
          text: el?.textContent?.trim() ?? '',
          role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? '',
          outline: style ? style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 : false,
        };
      });
    await page.keyboard.press('Tab');
    await expect.poll(focused).toMatchObject({ text: '跳到主要内容', outline: true });
    await page.getByRole('tab', { name: '无条件批准' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/tab=notices/);
    await expect.poll(focused).toMatchObject({ text: '简易案件公示', role: 'tab', outline: true });
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(/tab=decisions/);
    await page.getByRole('link', { name: /长风半导体/ }).waitFor();
  });

  it('has no serious or critical accessibility violation on any public page', async () => {
    const pages: [string, (page: Page) => Promise<unknown>][] = [
      ['/homepage', (p) => p.getByRole('link', { name: '市场监管总局发布经营者集中审查工作情况' }).waitFor()],
      [`/homepage/news/${ids.news}`, (p) => p.getByText('今年以来共审结经营者集中案件若干件。').waitFor()],
      ['/publicityIndex', (p) => p.locator('table.pub-table').waitFor()],
      ['/publicityIndex?tab=notices', (p) => p.locator('table.pub-table').waitFor()],
      ['/publicityIndex?tab=decisions', (p) => p.locator('table.pub-table').waitFor()],
      [`/publicityIndex/notice/${ids.live}`, (p) => p.getByTestId('captcha-image').waitFor()],
      [
        `/publicityIndex/decision/${ids.decision}`,
        (p) => p.getByRole('heading', { name: '决定全文' }).waitFor(),
      ],
      ['/publicityIndex/about', (p) => p.getByRole('heading', { name: '关于数据', level: 1 }).waitFor()],
    ];
    const found: string[] = [];
    for (const width of [1280, 390]) {
      const { page } = await suite.newPage({ viewport: { width, height: 900 } });
      for (const [path, ready] of pages) {
        await page.goto(`${suite.server.baseUrl}${path}`);
        await ready(page);
        found.push(
          ...(await seriousViolations(page, `${path} @${width}`)).map((v) => `${path} @${width}: ${v}`),
        );
      }
    }
    expect(found).toEqual([]);
  });
});
