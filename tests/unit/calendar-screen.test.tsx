/**
 * The calendar kind on review-calendar.yaml with the fixture holidays of 2026: twelve Monday-first month
 * grids, entries in their category with the name as title, weekends marked, the year switcher asking the
 * operation for the next year; clicking an entry offers to remove it (asked first, the answer's count in
 * the success message), clicking an empty day opens the add form with the day filled in; the entries are
 * also a table in the list tab.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/index.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { entriesByDate, rowsOfAnswer, yearGrid } from '../../renderers/calendar/year-grid.ts';
import '../../renderers/kinds.ts';
import { setupTestI18n } from './support/i18n.ts';
import { renderWithPeople } from './support/people-harness.tsx';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

const day = (date: string) => document.querySelector<HTMLButtonElement>(`[data-date="${date}"]`);

describe('year grid', () => {
  it('lays a year out as twelve months, weeks from Monday, weekends marked', () => {
    const months = yearGrid(2027);
    expect(months.map((m) => m.days.length)).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    // 1 Jan 2027 is a Friday: four empty cells (Mon–Thu) before it; 1 Feb 2027 a Monday: none.
    expect(months[0].leading).toBe(4);
    expect(months[1].leading).toBe(0);
    expect(months[0].days.slice(0, 3).map((d) => [d.date, d.weekend])).toEqual([
      ['2027-01-01', false],
      ['2027-01-02', true],
      ['2027-01-03', true],
    ]);
    expect(yearGrid(2028)[1].days).toHaveLength(29);
  });

  it('keys entries by their date and finds the rows of an answer', () => {
    const rows = rowsOfAnswer({ days: [{ day: '2027-01-01T00:00:00Z', name: '元旦' }] }, 'days');
    expect(entriesByDate(rows, 'day').get('2027-01-01')).toMatchObject({ name: '元旦' });
    expect(rowsOfAnswer([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(rowsOfAnswer({ rows: [{ a: 2 }] })).toEqual([{ a: 2 }]);
    expect(rowsOfAnswer(null, 'days')).toEqual([]);
  });
});

describe('review-calendar screen', { timeout: 30_000 }, () => {
  it('shows the year with holidays, working weekends, weekends and a legend; switches years', async () => {
    const h = renderWithPeople(<ScreenRenderer name="review-calendar" params={{ year: 2026 }} />);
    await waitFor(() => expect(day('2026-01-01')?.dataset.category).toBe('HOLIDAY'), { timeout: 20_000 });
    expect(h.callsOf('filing.calendar.query')[0].request.query).toEqual({ year: 2026 });
    expect(day('2026-01-01')!.title).toBe('2026-01-01 元旦（节假日）');
    // Sunday 4 Jan 2026 is a 调休 working day; Saturday 3 Jan an ordinary weekend.
    expect(day('2026-01-04')!.dataset.category).toBe('WORKDAY');
    expect(day('2026-01-03')!.dataset.weekend).toBe('true');
    expect(day('2026-01-03')!.dataset.category).toBeUndefined();
    expect(document.querySelectorAll('[data-testid="calendar-year"] section')).toHaveLength(12);
    const legend = screen.getByTestId('calendar-legend');
    for (const text of ['节假日', '调休工作日', '周末', '今天'])
      expect(within(legend).getByText(text)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '下一年' }));
    await waitFor(() => expect(day('2027-01-01')).toBeTruthy());
    expect(h.callsOf('filing.calendar.query').at(-1)!.request.query).toEqual({ year: 2027 });
  });

  it('removes an entry after asking, and says how many cases were recounted', async () => {
    const h = renderWithPeople(<ScreenRenderer name="review-calendar" params={{ year: 2026 }} />);
    await waitFor(() => expect(day('2026-01-01')?.dataset.category).toBe('HOLIDAY'), { timeout: 20_000 });
    fireEvent.click(day('2026-01-01')!);
    const panel = await screen.findByTestId('calendar-day-panel');
    expect(within(panel).queryByRole('button', { name: /添加该日期/ })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: /删除该日期/ }));
    await waitFor(() => expect(h.callsOf('filing.calendar.remove')).toHaveLength(1));
    expect(h.ui.questions).toEqual(['确定从日历中删除 2026-01-01（元旦）吗？相关案件的期限将重新计算。']);
    expect(h.callsOf('filing.calendar.remove')[0].request.query).toEqual({ day: '2026-01-01' });
    await waitFor(() => expect(h.ui.successes).toEqual(['已删除。重新计算期限的案件：1 件']));
  });

  it('offers to add an empty day, opening the add form with that day filled in', async () => {
    renderWithPeople(<ScreenRenderer name="review-calendar" params={{ year: 2026 }} />);
    await waitFor(() => expect(day('2026-01-05')).toBeTruthy(), { timeout: 20_000 });
    fireEvent.click(day('2026-01-05')!);
    const panel = await screen.findByTestId('calendar-day-panel');
    expect(within(panel).getByText('该日期没有记录。')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /删除该日期/ })).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: /添加该日期/ }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 20_000 });
    await waitFor(() => expect(within(dialog).getByDisplayValue('2026-01-05')).toBeTruthy(), {
      timeout: 20_000,
    });
  });

  it('lists the entries as text in the list tab', async () => {
    renderWithPeople(<ScreenRenderer name="review-calendar" params={{ year: 2026 }} />);
    await waitFor(() => expect(day('2026-01-01')).toBeTruthy(), { timeout: 20_000 });
    fireEvent.click(screen.getByRole('tab', { name: '列表' }));
    const rows = await screen.findAllByRole('row');
    expect(rows.map((r) => r.textContent).join('\n')).toContain('2026-02-28调休工作日春节调休');
  });
});
