/**
 * A list whose operation takes plain fields (`request: {style: fields}`, the filing catalogue's style):
 * filters and search values go by key with page and size, the search replacing a filter's default;
 * rows and total come from `rows`/`total` or the names given; GET operations get them in the query;
 * an unpaged answer counts its rows; a bare list answer is the rows. The deadline dashboard's figures are shaped for its charts.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DataSource } from '../../renderers/data-source.tsx';
import { buildFieldsRequest } from '../../renderers/list/list-request.ts';
import type { SearchField } from '../../renderers/list/list-types.ts';
import { useListController } from '../../renderers/list/useListController.ts';
import {
  averagesByDivision,
  casesByDivision,
  casesByState,
  casesUnderReview,
} from '../../src/pages/review/dashboard-model.ts';

const LIST: SearchField[] = [
  { field: 'list', label: 'review.worklist.list', type: 'OPTION', options: [] },
  { field: 'year', label: 'review.calendar.year', type: 'INT' },
];

describe('list request style "fields"', () => {
  it('sends filters and search values by key, the search replacing the filter, with page and size', () => {
    const state = { values: { list: 'phaseII' }, page: 3, pageSize: 50, sorts: [] };
    expect(buildFieldsRequest(LIST, state, [{ key: 'list', value: 'awaitingCheck' }])).toEqual({
      list: 'phaseII',
      page: 3,
      size: 50,
    });
    expect(
      buildFieldsRequest(LIST, { ...state, values: {} }, [{ key: 'list', value: 'awaitingCheck' }]),
    ).toEqual({ list: 'awaitingCheck', page: 3, size: 50 });
    expect(buildFieldsRequest(LIST, { ...state, values: { year: '2026' } }, [], false)).toEqual({
      year: 2026,
    });
  });

  it('reads rows and total of the answer; paged changes ask again', async () => {
    const dataSource = vi.fn<DataSource>(async (_op, request) => ({
      rows: [{ id: `r${(request.body as { page: number }).page}` }],
      total: 41,
    }));
    const { result } = renderHook(() =>
      useListController({
        operation: 'filing.worklist',
        dataSource,
        searchFields: LIST,
        fixedParameters: [{ key: 'list', value: 'awaitingCheck' }],
        requestStyle: { style: 'fields' },
      }),
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(dataSource.mock.calls[0][1].body).toEqual({ list: 'awaitingCheck', page: 1, size: 20 });
    expect(result.current.rows).toEqual([{ id: 'r1' }]);
    expect(result.current.total).toBe(41);
    act(() => result.current.changePage(2));
    await waitFor(() => expect(result.current.rows).toEqual([{ id: 'r2' }]));
    expect(dataSource.mock.calls.at(-1)![1].body).toEqual({ list: 'awaitingCheck', page: 2, size: 20 });
  });

  it('sends a GET list in the query, unpaged, and counts the rows it holds under another name', async () => {
    const dataSource = vi.fn<DataSource>(async () => ({
      days: [{ day: '2026-01-01' }, { day: '2026-01-02' }],
    }));
    const { result } = renderHook(() =>
      useListController({
        operation: 'filing.calendar.query',
        dataSource,
        searchFields: LIST,
        requestStyle: { style: 'fields', in: 'query', paged: false, rows: 'days' },
      }),
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(dataSource.mock.calls[0][1]).toMatchObject({ query: {} });
    expect(dataSource.mock.calls[0][1].body).toBeUndefined();
    expect(result.current.total).toBe(2);
    act(() => result.current.search({ year: 2026 }));
    await waitFor(() => expect(dataSource).toHaveBeenCalledTimes(2));
    expect(dataSource.mock.calls[1][1].query).toEqual({ year: 2026 });
  });

  it('takes an answer that is a bare list as the rows, sending the filters in the query', async () => {
    const dataSource = vi.fn<DataSource>(async () => [{ id: 'role1' }, { id: 'role2' }, { id: 'role3' }]);
    const { result } = renderHook(() =>
      useListController({
        operation: 'role.queryByOrgId',
        dataSource,
        searchFields: [],
        fixedParameters: [{ key: 'orgId', value: 'o1' }],
        requestStyle: { style: 'fields', in: 'query', paged: false },
      }),
    );
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(dataSource.mock.calls[0][1].query).toEqual({ orgId: 'o1' });
    expect(result.current.rows.map((r) => r.id)).toEqual(['role1', 'role2', 'role3']);
    expect(result.current.total).toBe(3);
  });
});

describe('deadline dashboard figures', () => {
  const data = {
    byState: [
      { state: 'PHASE_I', division: '审查一处', count: 3 },
      { state: 'SUBMITTED', division: null, count: 4 },
      { state: 'PHASE_I', division: '审查二处', count: 2 },
      { state: 'CLEARED', division: '审查二处', count: 6 },
    ],
    dueThisWeek: 2,
    averages: [
      { division: '审查二处', daysToAcceptance: 6.5, daysToDecision: null },
      { division: null, daysToAcceptance: 3, daysToDecision: 20 },
    ],
  };

  it('sums states in the order of the procedure and divisions with the unassigned last', () => {
    expect(casesByState(data)).toEqual({
      states: ['SUBMITTED', 'PHASE_I', 'CLEARED'],
      values: [4, 5, 6],
    });
    expect(casesByDivision(data, '未分配')).toEqual({
      labels: ['审查一处', '审查二处', '未分配'],
      values: [3, 8, 4],
    });
    expect(averagesByDivision(data, '未分配')).toEqual({
      labels: ['审查二处', '未分配'],
      toAcceptance: [6.5, 3],
      toDecision: [null, 20],
    });
    // 在审案件 leaves out the cases already decided.
    expect(casesUnderReview(data)).toBe(9);
  });
});
