/**
 * 拟办意见 in Chromium (issue 12) on the seeded filing demo: a simplified case awaiting the completeness
 * check is delegated through the API by the review lead (王军) to the delegated reviewer (黄勇) with a
 * provincial region (that setup is not what is tested). The reviewer opens the case from 委托审查 and
 * proposes a decision with its reasoning in its dialog; the lead finds the case waiting in 我的待办 and
 * adopts the proposal (the case is accepted), or sends a second proposal back with his reasoning and the
 * reviewer sees it returned. Each test takes its own case. Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call } from '../support/server.ts';
import { demoTokens } from '../support/demo-sign-in.ts';
import { useE2eSuite } from './support/suite.ts';

const LEAD = 'wangjun';
const DELEGATE = 'huangyong';
const REGION = '江苏省市场监督管理局';
const VIEWPORT = { viewport: { width: 1440, height: 960 } };

interface WorklistRow {
  id: string;
  caseNo: string;
  title: string;
  procedure: string;
}

interface ProposalView {
  id: string;
  action: string;
  reason: string;
  state: string;
  decisionNote: string | null;
}

describe('拟办意见: the delegated reviewer proposes, the lead adopts or sends back', () => {
  const suite = useE2eSuite({ seedFilingDemo: true });
  const tokenOf = demoTokens(() => suite.server);
  const taken = new Set<string>();
  const password = () => suite.server.server.seed.filing!.password;

  const api = async (account: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(suite.server, method, path, { token: await tokenOf(account), body });

  const caseOf = async (id: string) => {
    const res = await api(LEAD, 'GET', `/filing/case/get?caseId=${id}`);
    expect(res.body.state).toBe(200);
    return res.body.data as {
      case: { state: string };
      proposals: ProposalView[];
      pendingProposal: ProposalView | null;
    };
  };

  /** A simplified case awaiting check (a complete one when asked), delegated by the lead to 黄勇. */
  async function delegatedCase(complete: boolean): Promise<WorklistRow> {
    const res = await api(LEAD, 'POST', '/filing/worklist', { list: 'awaitingCheck', size: 100 });
    expect(res.body.state).toBe(200);
    let row: WorklistRow | undefined;
    for (const r of res.body.data.rows as WorklistRow[]) {
      if (taken.has(r.id) || r.procedure !== 'SIMPLIFIED') continue;
      if (complete) {
        const check = await api(LEAD, 'GET', `/filing/case/check?caseId=${r.id}`);
        if (check.body.data.complete !== true) continue;
      }
      row = r;
      break;
    }
    if (!row) throw new Error(`no simplified case awaiting check${complete ? ' that is complete' : ''}`);
    taken.add(row.id);
    const delegate = await suite.server.server.database.db
      .selectFrom('platform.account')
      .select('id')
      .where('account', '=', DELEGATE)
      .executeTakeFirstOrThrow();
    const assigned = await api(LEAD, 'POST', `/filing/case/assign?caseId=${row.id}`, {
      handlerAccountId: delegate.id,
      delegatedRegion: REGION,
    });
    expect(assigned.body.state, JSON.stringify(assigned.body)).toBe(200);
    return row;
  }

  const rowOf = (page: Page, caseNo: string) => page.locator('tr.ant-table-row', { hasText: caseNo });

  /** Opens the case from one of the 案件审查 pages (委托审查, 我的待办); the case dialog. */
  async function openCase(page: Page, menu: string, row: WorklistRow, expectInRow?: string) {
    await page.getByRole('menuitem', { name: '案件审查' }).click();
    await page.getByRole('menuitem', { name: menu }).click();
    await page.getByTestId('list-screen').waitFor();
    const listed = rowOf(page, row.caseNo);
    await listed.waitFor();
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    if (expectInRow) await listed.getByText(expectInRow).first().waitFor();
    await listed.getByRole('button', { name: '查看' }).click();
    const dialog = page.getByRole('dialog', { name: '案件审查' });
    await dialog.getByTestId('detail-screen').waitFor();
    await dialog.getByText(row.title).first().waitFor();
    return dialog;
  }

  /** The delegated reviewer proposes acceptance of the case with a reason, through the case's dialog. */
  async function propose(row: WorklistRow, reason: string) {
    const { page } = await suite.signedIn(DELEGATE, password(), VIEWPORT);
    const detail = await openCase(page, '委托审查', row);
    // He reviews but does not decide: no acceptance of his own.
    expect(await detail.getByRole('button', { name: '立案受理' }).count()).toBe(0);
    await detail.getByRole('button', { name: '提出拟办意见' }).click();
    const dialog = page.getByRole('dialog', { name: '提出拟办意见' });
    await dialog.getByLabel('拟办事项').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '立案受理' }).click();
    await dialog.getByLabel('理由').fill(reason);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await caseOf(row.id)).pendingProposal)
      .toMatchObject({ action: 'accept', reason, state: 'PENDING' });
    // The case is read again: the pending proposal in its tab.
    await detail.getByRole('tab', { name: '拟办意见' }).click();
    await detail.getByText(reason).first().waitFor();
    await detail.getByText('待审批').first().waitFor();
    expect((await caseOf(row.id)).case.state).toBe('SUBMITTED');
  }

  it('lets the lead adopt the delegated reviewer’s proposal from 我的待办: the case is accepted', async () => {
    const row = await delegatedCase(true);
    const reason = '申报材料齐全，符合简易案件标准，建议立案受理。';
    await propose(row, reason);

    const { page } = await suite.signedIn(LEAD, password(), VIEWPORT);
    // 我的待办 lists the case with the decision it proposes.
    const detail = await openCase(page, '我的待办', row, '立案受理');
    await detail.getByRole('tab', { name: '拟办意见' }).click();
    await detail.getByText(reason).first().waitFor();
    await detail.getByRole('button', { name: '采纳并办理' }).click();
    const dialog = page.getByRole('dialog', { name: '采纳并办理' });
    await dialog.getByLabel('理由').waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await caseOf(row.id)).case.state).toBe('PHASE_I');
    const after = await caseOf(row.id);
    expect(after.pendingProposal).toBeNull();
    expect(after.proposals[0]).toMatchObject({ action: 'accept', state: 'ADOPTED' });
    // The proposal's reasoning is the acceptance's; the detail is read again with the new state.
    const accepted = (
      (await api(LEAD, 'GET', `/filing/case/get?caseId=${row.id}`)).body.data.transitions as {
        action: string;
        reason: string | null;
      }[]
    ).find((t) => t.action === 'accept');
    expect(accepted?.reason).toBe(reason);
    await detail.getByText('初步审查').first().waitFor();
    await detail.getByText('已采纳').first().waitFor();
    expect(await detail.getByRole('button', { name: '采纳并办理' }).count()).toBe(0);
  });

  it('lets the lead send a proposal back with his reason, and the reviewer sees it returned', async () => {
    const row = await delegatedCase(false);
    await propose(row, '经初步核查，建议立案受理。');

    const lead = await suite.signedIn(LEAD, password(), VIEWPORT);
    const detail = await openCase(lead.page, '我的待办', row, '立案受理');
    await detail.getByRole('button', { name: '退回拟办意见' }).click();
    const dialog = lead.page.getByRole('dialog', { name: '退回拟办意见' });
    const note = '请核实参与集中的经营者在相关市场的份额后重新提出意见。';
    await dialog.getByLabel('理由').fill(note);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await caseOf(row.id)).proposals[0])
      .toMatchObject({ state: 'REJECTED', decisionNote: note });
    const after = await caseOf(row.id);
    expect(after.pendingProposal).toBeNull();
    expect(after.case.state).toBe('SUBMITTED');
    await detail.getByRole('tab', { name: '拟办意见' }).click();
    await detail.getByText('已退回').first().waitFor();

    // The reviewer sees it returned, with the lead's reasoning, and may propose again.
    const reviewer = await suite.signedIn(DELEGATE, password(), VIEWPORT);
    const his = await openCase(reviewer.page, '委托审查', row);
    await his.getByRole('tab', { name: '拟办意见' }).click();
    await his.getByText('已退回').first().waitFor();
    await his.getByText(note).first().waitFor();
    await his.getByRole('button', { name: '提出拟办意见' }).waitFor();
  });
});
