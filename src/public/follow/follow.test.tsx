/**
 * The follow components of the public page (issue 25): a search's target and feed address, the form that
 * asks for no captcha until opened, checks the address before sending and then says 请查收确认邮件, and the
 * pages the mails link to, which send the address's token and say the outcome. The server's side of each
 * call is tested in tests/server/public-follow.test.ts; here the page's fetch answers as the server does.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App.tsx';
import { I18nContext, translator } from '../i18n.ts';
import { followFeedHref, searchTarget } from './follow-target.ts';
import { FollowSearch } from './FollowSearch.tsx';

const t = translator('zh-CN');
const answer = (data: unknown, state = 200, message = 'ok') =>
  new Response(JSON.stringify({ state, message, cause: null, data }), {
    headers: { 'content-type': 'application/json' },
  });

let calls: { url: string; body: unknown }[];
let reply: (url: string) => Response;

beforeEach(() => {
  calls = [];
  reply = (url) =>
    url.includes('/user/captcha')
      ? answer({ image: 'data:image/svg+xml;base64,PHN2Zy8+', variables: { requestId: 'r1' } })
      : answer(null);
  vi.stubGlobal('scrollTo', () => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return reply(url);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('follow target', () => {
  it('takes the query page tab and its non-empty filters, and names the same search in its feed', () => {
    const target = searchTarget('notices', { keyword: '水泥', state: '', industry: 'C' });
    expect(target).toEqual({
      list: 'notice',
      parameters: [
        { key: 'keyword', value: '水泥' },
        { key: 'industry', value: 'C' },
      ],
    });
    expect(followFeedHref(target)).toBe(
      `/api/publicity/follow/feed?list=notice&keyword=${encodeURIComponent('水泥')}&industry=C`,
    );
    expect(searchTarget('clearance', {})).toEqual({ list: 'clearance' });
    expect(followFeedHref({ caseNo: 'JZSB2026-0038' })).toBe(
      '/api/publicity/follow/feed?caseNo=JZSB2026-0038',
    );
  });
});

describe('follow form', () => {
  const renderSearch = () =>
    render(
      <I18nContext.Provider value={{ language: 'zh-CN', t, setLanguage: () => undefined }}>
        <FollowSearch tab="decisions" filters={{ keyword: '并购' }} />
      </I18nContext.Provider>,
    );

  it('asks for a captcha only once opened, checks the address, then says to check the mail', async () => {
    renderSearch();
    expect(screen.getByRole('link', { name: t('publicFollow.form.feed') }).getAttribute('href')).toBe(
      `/api/publicity/follow/feed?list=decision&keyword=${encodeURIComponent('并购')}`,
    );
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByText(t('publicFollow.form.submit'), { selector: 'summary' }));
    fireEvent(document.querySelector('details')!, new Event('toggle'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/user/captcha'))).toBe(true));
    await screen.findByTestId('captcha-image');

    const email = screen.getByLabelText(t('publicFollow.form.email'));
    fireEvent.change(email, { target: { value: 'not an address' } });
    fireEvent.click(screen.getByRole('button', { name: t('publicFollow.form.submit') }));
    expect(await screen.findAllByText(t('publicFollow.form.emailInvalid'))).not.toHaveLength(0);
    expect(calls.some((c) => c.url.includes('/follow/subscribe'))).toBe(false);

    fireEvent.change(email, { target: { value: 'reader@example.com' } });
    fireEvent.change(screen.getByLabelText(t('comment.captcha')), { target: { value: 'AB12' } });
    fireEvent.click(screen.getByRole('button', { name: t('publicFollow.form.submit') }));
    expect(await screen.findByText(t('publicFollow.form.success'))).toBeTruthy();
    expect(calls.find((c) => c.url.includes('/follow/subscribe'))?.body).toEqual({
      list: 'decision',
      parameters: [{ key: 'keyword', value: '并购' }],
      email: 'reader@example.com',
      captcha: 'AB12',
      requestId: 'r1',
    });
  });

  it("shows the server's refusal and a new captcha", async () => {
    renderSearch();
    fireEvent.click(screen.getByText(t('publicFollow.form.submit'), { selector: 'summary' }));
    fireEvent(document.querySelector('details')!, new Event('toggle'));
    await screen.findByTestId('captcha-image');
    reply = (url) =>
      url.includes('/user/captcha')
        ? answer({ image: 'data:image/svg+xml;base64,PHN2Zy8+', variables: { requestId: 'r2' } })
        : answer(null, 6020104, '图形验证码错误');
    fireEvent.change(screen.getByLabelText(t('publicFollow.form.email')), {
      target: { value: 'reader@example.com' },
    });
    fireEvent.change(screen.getByLabelText(t('comment.captcha')), { target: { value: 'XXXX' } });
    fireEvent.click(screen.getByRole('button', { name: t('publicFollow.form.submit') }));
    expect(await screen.findByText('图形验证码错误')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/user/captcha'))).toHaveLength(2));
  });
});

describe('follow pages', () => {
  it('confirm with the address token and say what is followed, with a link to stop', async () => {
    reply = () =>
      answer({
        state: 'CONFIRMED',
        caseNo: 'JZSB2026-0038',
        list: null,
        target: '案件 JZSB2026-0038',
        unsubscribeToken: 'u1',
      });
    window.history.replaceState(null, '', '/publicityIndex/follow/confirm?token=abc');
    render(<App />);
    // Opening the link does nothing (a mail scanner opens it too): the visitor confirms.
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    fireEvent.click(await screen.findByRole('button', { name: t('publicFollow.confirm.action') }));
    expect(
      await screen.findByText(t('publicFollow.confirm.done', { target: '案件 JZSB2026-0038' })),
    ).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/publicity/follow/confirm', body: { token: 'abc' } }]);
    expect(
      screen.getByRole('link', { name: t('publicFollow.confirm.unsubscribeLink') }).getAttribute('href'),
    ).toBe('/publicityIndex/follow/unsubscribe?token=u1');
  });

  it('unsubscribe with the address token, and say when the link has none', async () => {
    reply = () =>
      answer({
        state: 'UNSUBSCRIBED',
        caseNo: null,
        list: 'clearance',
        target: '无条件批准的全部新公布信息',
      });
    window.history.replaceState(null, '', '/publicityIndex/follow/unsubscribe?token=t9');
    render(<App />);
    fireEvent.click(await screen.findByRole('button', { name: t('publicFollow.unsubscribe.action') }));
    expect(
      await screen.findByText(t('publicFollow.unsubscribe.done', { target: '无条件批准的全部新公布信息' })),
    ).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/publicity/follow/unsubscribe', body: { token: 't9' } }]);
    cleanup();
    calls = [];
    window.history.replaceState(null, '', '/publicityIndex/follow/unsubscribe');
    render(<App />);
    expect(await screen.findByText(t('publicFollow.unsubscribe.missingToken'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('publicFollow.unsubscribe.action') })).toBeNull();
    expect(calls).toEqual([]);
  });
});
