/**
 * The public list of cases under review (issue 25, /publicityIndex/underReview): the filters come from
 * the address and go back to it, the case number opens the case page, a disclosed case shows its
 * acceptance, deadline and days remaining, and a case only its notice makes public shows none of them.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/public/App.tsx';
import { pathOf } from '../../src/public/operations.ts';

const DISCLOSED = {
  caseNo: 'JZSB2026-0038',
  title: '澄江电子收购案',
  parties: ['澄江电子集团有限公司', '澄江目标有限公司'],
  procedure: 'NORMAL',
  industries: ['C2720'],
  transactionMode: 'EQUITY_ACQUISITION',
  phase: 'PHASE_II',
  progressPublic: true,
  noticeId: null,
  noticeLiveFrom: null,
  noticeLiveUntil: null,
  noticeState: null,
  acceptedOn: '2026-09-01',
  phaseIIStartedOn: '2026-10-01',
  clockStopped: false,
  clockStoppedOn: null,
  dueOn: '2026-12-30',
  daysRemaining: 80,
};
const NOTICE_ONLY = {
  ...DISCLOSED,
  caseNo: 'JZSB2026-0041',
  title: '鑫淼科技收购华岳化工股权案',
  procedure: 'SIMPLIFIED',
  phase: 'NOTICE',
  progressPublic: false,
  noticeId: 'n1',
  noticeLiveFrom: '2026-11-01',
  noticeLiveUntil: '2026-11-10',
  noticeState: 'LIVE',
  acceptedOn: null,
  phaseIIStartedOn: null,
  clockStopped: null,
  dueOn: null,
  daysRemaining: null,
};

/** fetch answering the list, each request body kept in order. */
function fakeServer() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe(`/api${pathOf('publicity.review.query')}`);
      bodies.push(JSON.parse(String(init?.body)));
      const data = { dataResult: [DISCLOSED, NOTICE_ONLY], pageResult: { totalCount: 2 } };
      return new Response(JSON.stringify({ state: 200, message: 'ok', data }), {
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return bodies;
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('cases under review', () => {
  it('lists the cases with their phase; deadlines only where the progress is public', async () => {
    const bodies = fakeServer();
    window.history.replaceState(null, '', '/publicityIndex/underReview?phase=PHASE_II&page=2');
    render(<App />);
    const table = await screen.findByRole('table');
    expect(bodies[0]).toEqual({
      parameters: [{ key: 'phase', value: 'PHASE_II' }],
      requestPage: { pageNo: 2, limit: 20 },
    });
    expect(within(table).getByText('审查中的案件（第 2 页）').tagName).toBe('CAPTION');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .every((th) => th.getAttribute('scope') === 'col'),
    ).toBe(true);
    const [, disclosed, noticeOnly] = within(table).getAllByRole('row');
    expect(within(disclosed).getByRole('link', { name: DISCLOSED.caseNo }).getAttribute('href')).toBe(
      `/publicityIndex/case/${DISCLOSED.caseNo}`,
    );
    expect(disclosed.textContent).toContain('进一步审查');
    expect(disclosed.textContent).toContain('2026-09-01');
    expect(disclosed.textContent).toContain('2026-12-30');
    expect(disclosed.textContent).toContain('80 天');
    expect(disclosed.textContent).not.toContain('未公开');
    expect(within(noticeOnly).getAllByText('未公开')).toHaveLength(3);
    expect(
      within(noticeOnly)
        .getByRole('link', { name: /公示期/ })
        .getAttribute('href'),
    ).toBe('/publicityIndex/notice/n1');
    expect(document.querySelector('nav [aria-current="page"]')?.textContent).toBe('审查中的案件');
  });

  it('writes the filters to the address and loads the list they name', async () => {
    const bodies = fakeServer();
    window.history.replaceState(null, '', '/publicityIndex/underReview');
    render(<App />);
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('关键词（案件名称、经营者或案件编号）'), {
      target: { value: '澄' },
    });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    // One character is refused on the page, as on the other public lists.
    expect(await screen.findByText('关键词至少需要2个字符')).toBeTruthy();
    expect(window.location.search).toBe('');
    fireEvent.change(screen.getByLabelText('关键词（案件名称、经营者或案件编号）'), {
      target: { value: '澄江' },
    });
    fireEvent.change(screen.getByLabelText('审查阶段'), { target: { value: 'NOTICE' } });
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(window.location.search).toBe(`?keyword=${encodeURIComponent('澄江')}&phase=NOTICE`);
    expect(bodies[1]).toEqual({
      parameters: [
        { key: 'keyword', value: '澄江' },
        { key: 'phase', value: 'NOTICE' },
      ],
      requestPage: { pageNo: 1, limit: 20 },
    });
  });
});
