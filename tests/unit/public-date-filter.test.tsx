/**
 * The public query page's date filters (issue 25): text inputs with the page's own placeholder (a
 * native date input follows the browser's language), a bad date refused with a translated message,
 * a good one, in any accepted form, kept in the address as yyyy-mm-dd. And the tabs' keys.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../src/public/App.tsx';
import { parseDateText } from '../../src/public/date-text.ts';
import { loadLanguage, type Language } from '../../src/public/i18n.ts';

const answer = (data: unknown) =>
  new Response(JSON.stringify({ state: 200, message: 'ok', data }), {
    headers: { 'content-type': 'application/json' },
  });

beforeEach(() => {
  localStorage.clear();
  // A wide screen: every filter shown.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.stubGlobal('scrollTo', () => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer({ dataResult: [], pageResult: { totalCount: 0 } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const dateInput = (key: string) => document.getElementById(`f-${key}`) as HTMLInputElement;
const type = (key: string, value: string) => fireEvent.change(dateInput(key), { target: { value } });
const search = () => new URLSearchParams(window.location.search);

async function openPage(language?: Language) {
  if (language) {
    localStorage.setItem('mf.publicLanguage', language);
    // As main.tsx does: the page's language's texts before the first render.
    await loadLanguage(language);
  }
  window.history.replaceState(null, '', '/publicityIndex');
  render(<App />);
  await waitFor(() => expect(dateInput('decidedFrom')).toBeTruthy());
}

describe('public date filters', () => {
  it('read the accepted forms as yyyy-mm-dd and refuse what is not a real date', () => {
    expect(parseDateText('2024-01-31')).toBe('2024-01-31');
    expect(parseDateText('2024/1/5')).toBe('2024-01-05');
    expect(parseDateText('2024年1月5日')).toBe('2024-01-05');
    expect(parseDateText('20240105')).toBe('2024-01-05');
    expect(parseDateText('２０２４－０１－０５')).toBe('2024-01-05');
    expect(parseDateText('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2024-13-01', '01/05/2024', '2024-1', 'yesterday'])
      expect(parseDateText(bad)).toBeUndefined();
  });

  it('are text inputs with the page language’s placeholder, not the browser’s', async () => {
    await openPage();
    const input = dateInput('decidedFrom');
    expect(input.type).toBe('text');
    expect(input.inputMode).toBe('numeric');
    expect(input.placeholder).toBe('年-月-日');
    cleanup();
    await openPage('en');
    expect(dateInput('decidedFrom').placeholder).toBe('yyyy-mm-dd');
  });

  it('refuse a bad date with a translated message and keep a good one in the address', async () => {
    await openPage();
    type('decidedFrom', '2024-02-30');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    const error = await screen.findByText('请输入有效日期，格式为 年-月-日，如 2024-01-31');
    expect(dateInput('decidedFrom').getAttribute('aria-invalid')).toBe('true');
    expect(dateInput('decidedFrom').getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(dateInput('decidedFrom'));
    expect(search().get('decidedFrom')).toBeNull();

    type('decidedFrom', '2024年1月5日');
    type('decidedTo', '20240331');
    fireEvent.click(screen.getByRole('button', { name: '查询' }));
    await waitFor(() => expect(search().get('decidedFrom')).toBe('2024-01-05'));
    expect(search().get('decidedTo')).toBe('2024-03-31');
    // The form, keyed by the address, shows the dates as the address has them.
    await waitFor(() => expect(dateInput('decidedFrom').value).toBe('2024-01-05'));
    expect(screen.queryByText(/请输入有效日期/)).toBeNull();
  });

  it('say so in the page language', async () => {
    await openPage('zh-TW');
    type('decidedTo', '2024-1-');
    fireEvent.click(screen.getByRole('button', { name: '查詢' }));
    await screen.findByText('請輸入有效日期，格式為 年-月-日，如 2024-01-31');
    cleanup();
    await openPage('en');
    type('decidedTo', 'yesterday');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Enter a real date as yyyy-mm-dd, e.g. 2024-01-31');
  });

  it('write a typed form back as yyyy-mm-dd when left', async () => {
    await openPage();
    type('decidedFrom', '2024/1/5');
    fireEvent.blur(dateInput('decidedFrom'));
    expect(dateInput('decidedFrom').value).toBe('2024-01-05');
  });
});

describe('public query tabs', () => {
  it('move with the arrow, Home and End keys, the selected one focused', async () => {
    await openPage();
    const tab = (name: string) => screen.getByRole('tab', { name });
    fireEvent.keyDown(tab('无条件批准'), { key: 'End' });
    await waitFor(() => expect(search().get('tab')).toBe('decisions'));
    expect(document.activeElement).toBe(tab('附条件批准和禁止'));
    expect(tab('附条件批准和禁止').getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(tab('附条件批准和禁止'), { key: 'ArrowRight' });
    await waitFor(() => expect(search().get('tab')).toBeNull());
    fireEvent.keyDown(tab('无条件批准'), { key: 'ArrowLeft' });
    await waitFor(() => expect(search().get('tab')).toBe('decisions'));
    fireEvent.keyDown(tab('附条件批准和禁止'), { key: 'Home' });
    await waitFor(() => expect(search().get('tab')).toBeNull());
    expect(screen.getByRole('tablist').parentElement?.className).toBe('pub-tabs-frame');
  });
});
