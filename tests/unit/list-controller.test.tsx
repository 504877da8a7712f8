/**
 * useListController sends exactly the spec's list request for search, paging and sorting, and goes
 * back to page 1 when the search or sort changes.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import type { DataSource } from '../../renderers/data-source.tsx';
import { buildListRequest, toDayjsFormat } from '../../renderers/list/list-request.ts';
import type { SearchField } from '../../renderers/list/list-types.ts';
import { useListController, type ListControllerOptions } from '../../renderers/list/useListController.ts';

const FIELDS: SearchField[] = [
  { field: 'name', label: 'employee.field.name', type: 'STRING' },
  { field: 'account', label: 'employee.field.account', type: 'STRING' },
  {
    field: 'status',
    label: 'employee.field.status',
    type: 'OPTION',
    options: [{ value: 'actived', label: 'employee.status.actived' }],
  },
];

function page(rows: number, totalCount: number) {
  return {
    dataResult: Array.from({ length: rows }, (_, i) => ({ id: `e${i}`, name: `员工${i}` })),
    pageResult: { totalCount, totalPages: Math.ceil(totalCount / 20), page: 1, limit: 20 },
  };
}

function setup(overrides: Partial<ListControllerOptions> = {}) {
  const dataSource = vi.fn<DataSource>(async () => page(20, 51));
  const options: ListControllerOptions = {
    operation: 'employee.query',
    dataSource,
    searchFields: FIELDS,
    defaultSorts: [{ field: 'createTime', order: 'DESC' }],
    ...overrides,
  };
  const hook = renderHook(() => useListController(options));
  const lastBody = () => dataSource.mock.calls.at(-1)![1].body;
  return { ...hook, dataSource, lastBody };
}

describe('useListController', () => {
  it('loads page 1 of 20 with the default sort, and reads rows and total', async () => {
    const { result, dataSource, lastBody } = setup();
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(dataSource).toHaveBeenCalledTimes(1);
    expect(dataSource.mock.calls[0][0]).toBe('employee.query');
    expect(lastBody()).toEqual({
      parameters: [],
      requestPage: { pageNo: 1, limit: 20 },
      sorts: [{ field: 'createTime', order: 'DESC' }],
    });
    expect(result.current.rows).toHaveLength(20);
    expect(result.current.total).toBe(51);
  });

  it('sends the search as parameters, leaving out empty values', async () => {
    const { result, lastBody } = setup();
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.search({ name: '张', account: '   ', status: undefined }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(lastBody()).toEqual({
      parameters: [{ key: 'name', value: '张' }],
      requestPage: { pageNo: 1, limit: 20 },
      sorts: [{ field: 'createTime', order: 'DESC' }],
    });
  });

  it('goes back to page 1 on a new search', async () => {
    const { result, lastBody } = setup();
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.changePage(3));
    await waitFor(() => expect(lastBody()).toMatchObject({ requestPage: { pageNo: 3, limit: 20 } }));
    act(() => result.current.search({ name: '王伟', status: 'actived' }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.page).toBe(1);
    expect(lastBody()).toEqual({
      parameters: [
        { key: 'name', value: '王伟' },
        { key: 'status', value: 'actived' },
      ],
      requestPage: { pageNo: 1, limit: 20 },
      sorts: [{ field: 'createTime', order: 'DESC' }],
    });
  });

  it('pages, and starts again at page 1 with a new page size', async () => {
    const { result, lastBody } = setup();
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.changePage(2));
    await waitFor(() => expect(lastBody()).toMatchObject({ requestPage: { pageNo: 2, limit: 20 } }));
    act(() => result.current.changePage(2, 50));
    await waitFor(() => expect(lastBody()).toMatchObject({ requestPage: { pageNo: 1, limit: 50 } }));
    expect(result.current.pageSize).toBe(50);
  });

  it('sorts on the server, back at page 1', async () => {
    const { result, lastBody } = setup();
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.changePage(2));
    act(() => result.current.changeSorts([{ field: 'name', order: 'ASC' }]));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(lastBody()).toEqual({
      parameters: [],
      requestPage: { pageNo: 1, limit: 20 },
      sorts: [{ field: 'name', order: 'ASC' }],
    });
    act(() => result.current.changeSorts([]));
    await waitFor(() => expect(lastBody()).toMatchObject({ sorts: [] }));
  });

  it('resets search values and sort', async () => {
    const { result, lastBody } = setup();
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.search({ name: '李' }));
    act(() => result.current.changeSorts([{ field: 'name', order: 'ASC' }]));
    act(() => result.current.reset());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(lastBody()).toEqual({
      parameters: [],
      requestPage: { pageNo: 1, limit: 20 },
      sorts: [{ field: 'createTime', order: 'DESC' }],
    });
  });

  it('keeps only the answer to the latest request', async () => {
    let release: (value: unknown) => void = () => undefined;
    const slow = new Promise((resolve) => (release = resolve));
    const dataSource = vi
      .fn<DataSource>()
      .mockImplementationOnce(() => slow)
      .mockImplementation(async () => page(3, 3));
    const { result } = renderHook(() =>
      useListController({ operation: 'employee.query', dataSource, searchFields: FIELDS }),
    );
    act(() => result.current.search({ name: '新' }));
    await waitFor(() => expect(result.current.total).toBe(3));
    await act(async () => release(page(20, 51)));
    expect(result.current.total).toBe(3);
    expect(result.current.rows).toHaveLength(3);
  });

  it('clears the selection when new rows arrive', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.select(['e1'], [{ id: 'e1' }]));
    expect(result.current.selectedKeys).toEqual(['e1']);
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.selectedKeys).toEqual([]);
  });
});

describe('useListController with fixed parameters and the known total', () => {
  it('sends the fixed parameters first, and asks nothing while paused', async () => {
    const dataSource = vi.fn<DataSource>(async () => page(3, 3));
    const { result, rerender } = renderHook(
      ({ paused }: { paused: boolean }) =>
        useListController({
          operation: 'msg.innerMessageRead.query',
          dataSource,
          searchFields: FIELDS,
          fixedParameters: [{ key: 'MSG_ID', value: 'm1' }],
          paused,
        }),
      { initialProps: { paused: true } },
    );
    expect(result.current.loading).toBe(false);
    expect(dataSource).not.toHaveBeenCalled();
    rerender({ paused: false });
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.search({ name: '李' }));
    await waitFor(() => expect(dataSource).toHaveBeenCalledTimes(2));
    expect(dataSource.mock.calls[1][1].body).toEqual({
      parameters: [
        { key: 'MSG_ID', value: 'm1' },
        { key: 'name', value: '李' },
      ],
      requestPage: { pageNo: 1, limit: 20 },
      sorts: [],
    });
  });

  it('tells the server the total it knows when only the page changes, and not after a refresh', async () => {
    const { result, lastBody } = setup();
    await waitFor(() => expect(result.current.loading).toBe(false));
    act(() => result.current.changePage(2));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(lastBody()).toMatchObject({ requestPage: { pageNo: 2, limit: 20, totalCount: 51 } });
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(lastBody()).toEqual({
      parameters: [],
      requestPage: { pageNo: 2, limit: 20 },
      sorts: [{ field: 'createTime', order: 'DESC' }],
    });
    act(() => result.current.changePage(3));
    await waitFor(() => expect(lastBody()).toMatchObject({ requestPage: { pageNo: 3, totalCount: 51 } }));
    act(() => result.current.search({ name: '王' }));
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(lastBody()).toMatchObject({ requestPage: { pageNo: 1, limit: 20 } });
    expect((lastBody() as { requestPage: object }).requestPage).not.toHaveProperty('totalCount');
  });
});

describe('buildListRequest', () => {
  it('converts each search field type', () => {
    const fields: SearchField[] = [
      { field: 'age', label: 'x.age', type: 'INT' },
      { field: 'ratio', label: 'x.ratio', type: 'DOUBLE' },
      { field: 'isSuper', label: 'x.super', type: 'BOOLEAN' },
      {
        field: 'status',
        label: 'x.status',
        type: 'OPTION',
        multiple: true,
        options: [{ value: 'a', label: 'x.a' }],
      },
      { field: 'from', label: 'x.from', type: 'DATE' },
      { field: 'month', label: 'x.month', type: 'DATE', format: 'yyyy-MM' },
      {
        field: 'none',
        label: 'x.none',
        type: 'OPTION',
        multiple: true,
        options: [{ value: 'a', label: 'x.a' }],
      },
    ];
    const request = buildListRequest(fields, {
      values: {
        age: '42.7',
        ratio: '0.5',
        isSuper: true,
        status: ['actived', 'locked'],
        from: dayjs('2024-03-05T10:00:00'),
        month: '2024-03-05',
        none: [],
      },
      page: 2,
      pageSize: 10,
      sorts: [],
    });
    expect(request).toEqual({
      parameters: [
        { key: 'age', value: 42 },
        { key: 'ratio', value: 0.5 },
        { key: 'isSuper', value: 'Y' },
        { key: 'status', value: ['actived', 'locked'] },
        { key: 'from', value: '2024-03-05' },
        { key: 'month', value: '2024-03' },
      ],
      requestPage: { pageNo: 2, limit: 10 },
      sorts: [],
    });
  });

  it('turns the spec’s date patterns into dayjs ones', () => {
    expect(toDayjsFormat('yyyy-MM-dd HH:mm:ss')).toBe('YYYY-MM-DD HH:mm:ss');
  });
});
