/**
 * The people picker (ui:widget peopleSearch): nothing is asked before typing; typing asks once when it
 * pauses, with the name filter; reaching the end of the list asks for the next page and adds it; chosen
 * people the value names only by id are named with one employee.transfer call.
 */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetProps } from '@rjsf/utils';
import PeopleSearchWidget from '../../renderers/widgets/people-search/index.tsx';
import { setupTestI18n } from './support/i18n.ts';
import { renderWithPeople } from './support/people-harness.tsx';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(() => cleanup());

const PEOPLE = Array.from({ length: 25 }, (_, i) => ({
  id: `p${i + 1}`,
  name: `王${String(i + 1).padStart(2, '0')}`,
  account: `wang${i + 1}`,
}));

const overrides = {
  'employee.query': (request: { body?: unknown }) => {
    const body = request.body as {
      parameters: { value: string }[];
      requestPage: { pageNo: number; limit: number };
    };
    const words = body.parameters[0]?.value ?? '';
    const rows = PEOPLE.filter((p) => p.name.includes(words));
    const { pageNo, limit } = body.requestPage;
    return {
      dataResult: rows.slice((pageNo - 1) * limit, pageNo * limit),
      pageResult: { totalCount: rows.length },
    };
  },
  'employee.transfer': (request: { query?: unknown }) => {
    const ids = String((request.query as { ids: string }).ids).split(',');
    return PEOPLE.filter((p) => ids.includes(p.id));
  },
};

function widget(value: unknown, onChange: (v: unknown) => void = () => undefined) {
  const props = {
    id: 'people',
    value,
    onChange,
    options: { shape: 'commaList' },
    schema: { type: 'string' },
    placeholder: '',
    readonly: false,
    disabled: false,
  } as unknown as WidgetProps;
  return <PeopleSearchWidget {...props} />;
}

describe('people search widget', () => {
  it('asks nothing before typing, once after a pause, and the next page at the end of the list', async () => {
    const harness = renderWithPeople(widget(''), { overrides });
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    expect(harness.callsOf('employee.query')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '王' } });
    fireEvent.change(input, { target: { value: '王0' } });
    await waitFor(() => expect(harness.callsOf('employee.query')).toHaveLength(1), { timeout: 10_000 });
    expect(harness.callsOf('employee.query')[0].request.body).toEqual({
      parameters: [{ key: 'name', value: '王0' }],
      requestPage: { pageNo: 1, limit: 20 },
    });
    await screen
      .findByText('王01（wang1）', undefined, { timeout: 10_000 })
      .catch(() => screen.findByText(/王01/));

    fireEvent.change(input, { target: { value: '王' } });
    await waitFor(() => expect(harness.callsOf('employee.query')).toHaveLength(2), { timeout: 10_000 });
    await screen.findAllByText(/王01/, undefined, { timeout: 10_000 });
    const holder = document.querySelector('.ant-select-dropdown-list-holder');
    await act(async () => {
      fireEvent.scroll(holder!);
    });
    await waitFor(() => expect(harness.callsOf('employee.query')).toHaveLength(3), { timeout: 10_000 });
    expect(
      (harness.callsOf('employee.query')[2].request.body as { requestPage: unknown }).requestPage,
    ).toEqual({
      pageNo: 2,
      limit: 20,
    });
    // Page 2 is added to page 1: with all 25 held, the end of the list asks for nothing more.
    await waitFor(() => expect(harness.dataSource.calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 200));
    await act(async () => {
      fireEvent.scroll(holder!);
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(harness.callsOf('employee.query')).toHaveLength(3);
  }, 30_000);

  it('names the people of the value with one lookup', async () => {
    const harness = renderWithPeople(widget('p3,p7'), { overrides });
    await waitFor(() => expect(harness.callsOf('employee.transfer')).toHaveLength(1), { timeout: 10_000 });
    expect(harness.callsOf('employee.transfer')[0].request.query).toEqual({ ids: 'p3,p7' });
    await screen.findByText(/王03/, undefined, { timeout: 10_000 });
    await screen.findByText(/王07/);
    expect(harness.callsOf('employee.transfer')).toHaveLength(1);
  }, 30_000);
});
