/**
 * The public query page's first list comes first (issue 13): the batch filter's options are asked for
 * only once the filter is shown or used, after the list answered; the list is asked for before React
 * starts (early-list.ts) and the page takes that answer instead of asking again.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/public/App.tsx';
import { callPublic } from '../../src/public/api.ts';
import { startFirstList } from '../../src/public/early-list.ts';
import { LIST_OPERATION } from '../../src/public/endpoints.ts';
import { pathOf } from '../../src/public/operations.ts';
import { listRequest, readQuery } from '../../src/public/query-state.ts';

const LIST_PATH = { clearance: pathOf(LIST_OPERATION.clearance), notices: pathOf(LIST_OPERATION.notices) };
const BATCH_QUERY = pathOf('publicity.batch.query');

const ROW = {
  id: 'p1',
  seq: 1,
  batchId: 'b1',
  batchTitle: '2024年1月无条件批准经营者集中案件列表',
  batchDate: '2024-02-05',
  caseName: '琥珀科技收购鑫淼股权案',
  parties: ['琥珀科技'],
  decidedOn: '2024-01-20',
  procedure: 'SIMPLIFIED',
  industry: null,
  transactionMode: null,
};
const BATCH = {
  id: 'b1',
  title: '2024年1月无条件批准经营者集中案件列表',
  publishedOn: '2024-02-05',
  count: 1,
};

const page = (rows: unknown[]) => ({ dataResult: rows, pageResult: { totalCount: rows.length } });
const answer = (data: unknown) =>
  new Response(JSON.stringify({ state: 200, message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

/** fetch answering the list and the batches, each call's path kept in order. */
function fakeServer() {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = String(input).replace(/^\/api/, '');
    calls.push(path);
    return answer(path === BATCH_QUERY ? page([BATCH]) : page([ROW]));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** A phone (the more filters folded) or a wide screen (all filters shown). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('public query page, the batch filter', () => {
  it('on a phone asks only for the list; the batches when more filters open', async () => {
    screenWidth(false);
    const server = fakeServer();
    window.history.replaceState(null, '', '/publicityIndex');
    render(<App />);
    await screen.findByText(ROW.caseName);
    expect(server.calls).toEqual([LIST_PATH.clearance]);

    const batchSelect = document.getElementById('f-batchId') as HTMLSelectElement;
    expect(batchSelect.getAttribute('aria-busy')).toBe('true');
    const details = batchSelect.closest('details')!;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    await waitFor(() => expect(server.calls).toEqual([LIST_PATH.clearance, BATCH_QUERY]));
    await waitFor(() => expect([...batchSelect.options].map((o) => o.value)).toEqual(['', BATCH.id]));
    expect(batchSelect.getAttribute('aria-busy')).toBeNull();
  });

  it('asks for the batches when the batch filter gets focus', async () => {
    screenWidth(false);
    const server = fakeServer();
    window.history.replaceState(null, '', '/publicityIndex');
    render(<App />);
    await screen.findByText(ROW.caseName);
    fireEvent.focus(document.getElementById('f-batchId')!);
    await waitFor(() => expect(server.calls).toEqual([LIST_PATH.clearance, BATCH_QUERY]));
  });

  it('on a wide screen, or with a batch in the address, asks for them after the list', async () => {
    screenWidth(true);
    const server = fakeServer();
    window.history.replaceState(null, '', '/publicityIndex');
    render(<App />);
    await waitFor(() => expect(server.calls).toEqual([LIST_PATH.clearance, BATCH_QUERY]));
    cleanup();

    screenWidth(false);
    server.calls.length = 0;
    window.history.replaceState(null, '', `/publicityIndex?batchId=${BATCH.id}`);
    render(<App />);
    await waitFor(() => expect(server.calls).toEqual([LIST_PATH.clearance, BATCH_QUERY]));
    const batchSelect = document.getElementById('f-batchId') as HTMLSelectElement;
    await waitFor(() => expect(batchSelect.selectedOptions[0]?.textContent).toContain(BATCH.title));
  });

  it('a failed batch load stops showing as loading, and using the filter again asks again', async () => {
    screenWidth(false);
    const server = fakeServer();
    let refuse = true;
    server.fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const path = String(input).replace(/^\/api/, '');
      server.calls.push(path);
      if (path === BATCH_QUERY && refuse) return new Response('busy', { status: 503 });
      return answer(path === BATCH_QUERY ? page([BATCH]) : page([ROW]));
    });
    window.history.replaceState(null, '', '/publicityIndex');
    render(<App />);
    await screen.findByText(ROW.caseName);
    const batchSelect = () => document.getElementById('f-batchId') as HTMLSelectElement;
    fireEvent.focus(batchSelect());
    await waitFor(() => expect(batchSelect().getAttribute('aria-busy')).toBeNull());
    expect([...batchSelect().options].map((o) => o.value)).toEqual(['']);
    refuse = false;
    fireEvent.focus(batchSelect());
    await waitFor(() => expect([...batchSelect().options].map((o) => o.value)).toEqual(['', BATCH.id]));
    expect(server.calls.filter((c) => c === BATCH_QUERY)).toHaveLength(2);
  });

  it('never asks for the batches on the other tabs', async () => {
    screenWidth(true);
    const server = fakeServer();
    window.history.replaceState(null, '', '/publicityIndex?tab=notices');
    render(<App />);
    await waitFor(() => expect(server.calls).toEqual([LIST_PATH.notices]));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toEqual([LIST_PATH.notices]);
  });
});

describe('public query page, the early first list', () => {
  it('starts the call the page makes for its address, and the page takes that answer', async () => {
    screenWidth(false);
    const server = fakeServer();
    window.history.replaceState(null, '', '/publicityIndex?keyword=琥珀&page=2');
    startFirstList(window.location.pathname, window.location.search);
    expect(server.calls).toEqual([LIST_PATH.clearance]);
    const [, init] = server.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const expected = listRequest(readQuery(new URLSearchParams(window.location.search)));
    expect(JSON.parse(String(init.body))).toEqual(expected);
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('zh-CN');
    // The page renders that answer without asking again.
    render(<App />);
    await screen.findByText(ROW.caseName);
    expect(server.calls).toEqual([LIST_PATH.clearance]);
  });

  it('is used by no other call, and only once', async () => {
    const server = fakeServer();
    startFirstList('/publicityIndex', '');
    const first = listRequest(readQuery(new URLSearchParams()));
    await callPublic(LIST_OPERATION.clearance, { body: { ...first, requestPage: { pageNo: 2, limit: 20 } } });
    expect(server.calls).toEqual([LIST_PATH.clearance, LIST_PATH.clearance]);
    const second = server.fetchMock.mock.calls[1] as unknown as [string, RequestInit];
    expect(JSON.parse(String(second[1].body))).toMatchObject({ requestPage: { pageNo: 2 } });
    // Taken or not, it is gone: the same call again asks the server.
    await callPublic(LIST_OPERATION.clearance, { body: first });
    expect(server.calls).toHaveLength(3);
  });

  it('starts nothing on the other pages', () => {
    const server = fakeServer();
    startFirstList('/homepage', '');
    startFirstList('/publicityIndex/about', '');
    expect(server.calls).toEqual([]);
  });

  it('sends the remembered language the page uses', () => {
    localStorage.setItem('mf.publicLanguage', 'en');
    const server = fakeServer();
    startFirstList('/publicityIndex', '?tab=notices');
    expect(server.calls).toEqual([LIST_PATH.notices]);
    const [, init] = server.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('en');
  });
});
