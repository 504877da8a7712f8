/**
 * What the e2e days of the filing demo's roles share (day-*.test.ts): the demo accounts' actors and
 * tokens for the setup a test does beside the screens, and opening every document listed in a tab.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { FILING_ROLE_PERMISSIONS, documents, type Actor } from '../../../server/modules/filing/index.ts';
import type { FilingContext } from '../../../server/modules/filing/service/context.ts';
import { makePdf } from '../../support/file-fixtures.ts';
import { call, type TestServer } from '../../support/server.ts';
import { demoTokens } from '../../support/demo-sign-in.ts';

export const DAY_VIEWPORT = { viewport: { width: 1500, height: 950 } };

/** The demo's filing helpers over the suite's server (read when first used: it starts in beforeAll). */
export function filingDemo(server: () => TestServer) {
  const tokenOf = demoTokens(server);
  const db = () => server().server.database.db;
  return {
    db,
    password: () => server().server.seed.filing!.password,
    ctx: () => server().server.filing.ctx,
    tokenOf,
    /** An API call as a demo account; refused answers fail the test. */
    async api(account: string, method: 'GET' | 'POST', path: string, body?: unknown) {
      const res = await call(server(), method, path, { token: await tokenOf(account), body });
      expect(res.body.state, `${account} ${path}: ${JSON.stringify(res.body)}`).toBe(200);
      return res.body.data;
    },
    /** The service actor of a demo account, with the permissions of its demo role. */
    async actorOf(account: string, role: keyof typeof FILING_ROLE_PERMISSIONS): Promise<Actor> {
      const row = await db()
        .selectFrom('platform.account as a')
        .innerJoin('platform.tenant_member as m', 'm.account_id', 'a.id')
        .innerJoin('platform.tenant as t', 't.id', 'm.tenant_id')
        .select(['a.id', 'a.fullname', 'm.tenant_id', 't.kind'])
        .where('a.account', '=', account)
        .executeTakeFirstOrThrow();
      return {
        accountId: row.id,
        tenantId: row.tenant_id,
        tenantKind: row.kind,
        permissions: new Set(FILING_ROLE_PERMISSIONS[role]),
        name: row.fullname ?? account,
      };
    },
  };
}

/**
 * Opens each document listed in `panel` with its row's `label` button and waits until it is shown: a
 * PDF drawn by the preview (data-state ready, its first page on a canvas), or a generated notice laid
 * out as HTML. Returns how many.
 */
export async function openEveryDocument(page: Page, panel: Locator, label: string): Promise<number> {
  const rows = panel.locator('tr.ant-table-row');
  await rows.first().waitFor();
  const count = await rows.count();
  const shown = page.locator(
    '[data-testid="pdf-preview"][data-state="ready"], [data-testid="filing-document-html"]',
  );
  for (let i = 0; i < count; i++) {
    await rows
      .nth(i)
      .getByRole('button', { name: new RegExp(`^${[...label].join('\\s*')}$`) })
      .click();
    await shown.waitFor();
    // A PDF's first page is drawn, not only its viewer opened.
    if ((await shown.getAttribute('data-testid')) === 'pdf-preview')
      expect(await shown.locator('canvas[data-page="1"]').count()).toBe(1);
    await page.keyboard.press('Escape');
    await shown.waitFor({ state: 'detached' });
  }
  return count;
}

/**
 * The documents a complete filing needs, as real one-page PDFs named the way a filer names them (the
 * service's samples are named by their kind codes, which a page must never show): pass
 * `documents: false` to fillFiling, then this.
 */
export async function attachSampleDocuments(
  ctx: FilingContext,
  filer: Actor,
  filing: { caseId: string; acquirer: string; target: string },
  simplified: boolean,
): Promise<void> {
  const attach = async (
    kind: string,
    title: string,
    more: { partyId?: string; confidential?: boolean } = {},
  ) => {
    const ref = await ctx.store.put({
      tenantId: filer.tenantId,
      name: `${title}.pdf`,
      mime: 'application/pdf',
      content: new Uint8Array(makePdf(1, title)),
    });
    await documents.attachDocument(ctx, filer, filing.caseId, {
      kind,
      title,
      language: 'zh',
      confidential: more.confidential ?? false,
      ...(more.partyId ? { partyId: more.partyId } : {}),
      file: { tenantId: ref.tenantId, attachmentId: ref.attachmentId, sha256: ref.sha256 },
    });
  };
  await attach('NOTIFICATION_FORM', '申报书');
  await attach('COMPETITION_STATEMENT', '竞争影响说明');
  await attach('AGREEMENT', '集中协议');
  await attach('UNDERTAKING', '承诺书');
  if (simplified) await attach('NOTICE_FORM', '简易案件公示表');
  for (const [partyId, name] of [
    [filing.acquirer, '收购方'],
    [filing.target, '被收购方'],
  ] as const) {
    await attach('FINANCIAL_REPORT', `${name}经审计的财务会计报告`, { partyId, confidential: true });
    await attach('IDENTITY', `${name}营业执照`, { partyId });
  }
}
