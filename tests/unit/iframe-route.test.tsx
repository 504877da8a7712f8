/**
 * The public /iframe route (spec §2): with no address, a bad one or one it may not show, a translated
 * page saying why with the way back — never the 404; this site's pages (and allowed sites) in a frame.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { setupTestI18n } from './support/i18n.ts';
import { publicRoutes } from '../../src/router/public-routes.tsx';
import { allowedFrameOrigins, frameAddress } from '../../src/pages/iframe/frame-address.ts';
import IframeRoutePage from '../../src/pages/iframe/IframeRoutePage.tsx';

const ORIGIN = 'https://filing.example.cn';

describe('frame addresses', () => {
  it('takes this site’s paths and addresses, and allowed origins', () => {
    expect(frameAddress('/dashboard?tab=1#top', ORIGIN, [])).toEqual({
      kind: 'ok',
      src: '/dashboard?tab=1#top',
    });
    expect(frameAddress(`  ${ORIGIN}/agreement `, ORIGIN, [])).toEqual({ kind: 'ok', src: '/agreement' });
    expect(frameAddress('https://www.samr.gov.cn/x', ORIGIN, ['https://www.samr.gov.cn'])).toEqual({
      kind: 'ok',
      src: 'https://www.samr.gov.cn/x',
    });
  });

  it('says what is wrong with the rest', () => {
    expect(frameAddress(null, ORIGIN, [])).toEqual({ kind: 'missing' });
    expect(frameAddress('   ', ORIGIN, [])).toEqual({ kind: 'missing' });
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'dashboard',
      'https://',
      '/iframe?url=/x',
    ])
      expect(frameAddress(bad, ORIGIN, []), bad).toEqual({ kind: 'invalid' });
    expect(frameAddress('https://evil.example/login', ORIGIN, [])).toEqual({
      kind: 'disallowed',
      host: 'evil.example',
    });
    // Protocol-relative and backslash tricks name another host.
    expect(frameAddress('//evil.example/x', ORIGIN, []).kind).toBe('invalid');
    expect(frameAddress('/\\evil.example/x', ORIGIN, []).kind).toBe('invalid');
    // Same host, other scheme or port: another origin.
    expect(frameAddress('http://filing.example.cn/x', ORIGIN, [])).toEqual({
      kind: 'disallowed',
      host: 'filing.example.cn',
    });
  });

  it('reads the allowed origins of a deployment, dropping what is not an http(s) address', () => {
    expect(
      allowedFrameOrigins(' https://a.example/path , ftp://b.example, nonsense,http://c.example:8080'),
    ).toEqual(['https://a.example', 'http://c.example:8080']);
    expect(allowedFrameOrigins(undefined)).toEqual([]);
  });
});

describe('the /iframe page', () => {
  beforeAll(async () => {
    await setupTestI18n('zh-CN');
  });

  /** The app's public routes, with a stand-in for what any other address would get. */
  async function open(address: string) {
    await act(async () => {
      render(
        <MemoryRouter initialEntries={[address]}>
          <Routes>
            {publicRoutes}
            <Route path="*" element={<p>404 stand-in</p>} />
          </Routes>
        </MemoryRouter>,
      );
    });
  }

  it('without an address says so, with the way back, instead of a 404', async () => {
    await open('/iframe');
    expect((await screen.findByTestId('iframe-refused')).textContent).toBe('未指定要打开的页面地址');
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('404 stand-in')).toBeNull();
    expect(screen.queryByTestId('iframe-route')).toBeNull();
  });

  it('refuses a bad address and another site with a message', async () => {
    await open('/iframe?url=javascript%3Aalert(1)');
    expect((await screen.findByTestId('iframe-refused')).textContent).toBe(
      '页面地址无效：只能打开 http、https 地址或本站页面',
    );
    cleanup();
    await open('/iframe?url=https%3A%2F%2Fevil.example%2Flogin');
    expect((await screen.findByTestId('iframe-refused')).textContent).toBe(
      '不允许在本站内打开该地址（evil.example）',
    );
    expect(screen.queryByTestId('iframe-route')).toBeNull();
  });

  it('shows a page of this site, and an allowed site, in the frame', async () => {
    await open('/iframe?url=%2Fagreement');
    expect((await screen.findByTestId('iframe-route')).getAttribute('src')).toBe('/agreement');
    cleanup();
    render(
      <MemoryRouter initialEntries={['/iframe?url=https%3A%2F%2Fwww.samr.gov.cn%2F']}>
        <IframeRoutePage allowed={['https://www.samr.gov.cn']} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('iframe-route').getAttribute('src')).toBe('https://www.samr.gov.cn/');
  });
});
