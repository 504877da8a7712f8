/**
 * The route guard's rules (spec §2 'Route guard'), one by one, through decideRoute.
 */
import { describe, expect, it } from 'vitest';
import { decideRoute, withoutParams, type GuardInput } from '../../src/router/route-guard.ts';
import type { Integration } from '../../src/session/integration.ts';
import { loginPathFor, safeReturnPath } from '../../src/session/login-path.ts';

const plain: Integration = { mode: 'default', loginPath: '/login' };

function input(over: Partial<GuardInput> = {}): GuardInput {
  return {
    pathname: '/employeeList',
    search: '',
    hash: '',
    locked: false,
    accessToken: 'tok',
    canRefresh: true,
    context: { tenants: [{ id: 't1' }] },
    menus: [{ id: 'm1' }],
    systemId: 'sys',
    tenantChosen: false,
    integration: plain,
    origin: 'https://app.example.cn',
    ...over,
  };
}

describe('route guard with a token', () => {
  it('renders a signed-in page once user, subsystem and menus are there', () => {
    expect(decideRoute(input())).toEqual({ type: 'render' });
  });

  it('logs off on /logout', () => {
    expect(decideRoute(input({ pathname: '/logout' }))).toEqual({ type: 'logout' });
    expect(decideRoute(input({ pathname: '/logout', accessToken: null, canRefresh: false }))).toEqual({
      type: 'logout',
    });
  });

  it('keeps a user whose password must be changed on /passwordChange, before subsystem and menus', () => {
    const must = { tenants: [], mustChangePassword: true };
    expect(decideRoute(input({ context: must, menus: null, systemId: null }))).toEqual({
      type: 'redirect',
      to: '/passwordChange',
    });
    expect(decideRoute(input({ context: must, pathname: '/passwordChange', menus: null }))).toEqual({
      type: 'render',
    });
    // Acting as such a user is the administrator's session, not the owner's.
    expect(decideRoute(input({ context: { ...must, switchAccount: 'admin' } }))).toEqual({ type: 'render' });
    // Changed: the page sends home.
    expect(decideRoute(input({ pathname: '/passwordChange' }))).toEqual({ type: 'redirect', to: '/' });
  });

  it('forces /locking while the screen is locked', () => {
    expect(decideRoute(input({ locked: true }))).toEqual({ type: 'redirect', to: '/locking' });
  });

  it('loads the user first, then the menus', () => {
    expect(decideRoute(input({ context: null, menus: null }))).toEqual({ type: 'loadContext' });
    expect(decideRoute(input({ menus: null }))).toEqual({ type: 'loadMenus' });
  });

  it('sends an empty system id to system selection, coming back afterwards', () => {
    expect(decideRoute(input({ systemId: null, search: '?a=1' }))).toEqual({
      type: 'redirect',
      to: `/systemSelect?redirect=${encodeURIComponent('/employeeList?a=1')}`,
    });
  });

  it('asks for the tenant first when there are several and none was chosen in this login', () => {
    const two = { tenants: [{ id: 't1' }, { id: 't2' }] };
    expect(decideRoute(input({ systemId: null, context: two }))).toMatchObject({
      to: expect.stringMatching(/^\/tenantSelect\?redirect=/),
    });
    expect(decideRoute(input({ systemId: null, context: two, tenantChosen: true }))).toMatchObject({
      to: expect.stringMatching(/^\/systemSelect\?redirect=/),
    });
  });

  it('sends a user without menus to /403 with noGoBack', () => {
    expect(decideRoute(input({ menus: [] }))).toEqual({
      type: 'redirect',
      to: '/403',
      state: { noGoBack: true },
    });
  });
});

describe('route guard without a token', () => {
  const signedOut = { accessToken: null, canRefresh: false, context: null, menus: null };

  it('refreshes when only the refresh cookie is left', () => {
    expect(decideRoute(input({ accessToken: null }))).toEqual({ type: 'refresh' });
    // Even on a locked screen: the unlock check needs an access token.
    expect(decideRoute(input({ accessToken: null, locked: true }))).toEqual({ type: 'refresh' });
  });

  it('signs in with a ticket from the query, then opens the address without it', () => {
    expect(decideRoute(input({ ...signedOut, search: '?ticket=ST-1&tab=2' }))).toEqual({
      type: 'ticketLogin',
      ticket: 'ST-1',
      then: '/employeeList?tab=2',
    });
  });

  it("trades the query's code (and state) in 'newwebxt' mode", () => {
    const integration: Integration = { mode: 'newwebxt', loginPath: '/login' };
    expect(decideRoute(input({ ...signedOut, integration, search: '?code=C1&state=S1' }))).toEqual({
      type: 'codeLogin',
      code: 'C1',
      state: 'S1',
      then: '/employeeList',
    });
    expect(decideRoute(input({ ...signedOut, integration, search: '?token=T1&username=u' }))).toEqual({
      type: 'tokenLogin',
      token: 'T1',
      username: 'u',
      then: '/employeeList',
    });
    // Without code or token: the login page as usual.
    expect(decideRoute(input({ ...signedOut, integration }))).toMatchObject({ type: 'redirect' });
  });

  it("goes to the CAS login with a service parameter in 'portal' mode", () => {
    const integration: Integration = {
      mode: 'portal',
      casLoginUrl: 'https://sso.example.cn/cas/login',
      loginPath: '/login',
    };
    const decision = decideRoute(input({ ...signedOut, integration }));
    expect(decision.type).toBe('external');
    const url = new URL((decision as { url: string }).url);
    expect(url.origin + url.pathname).toBe('https://sso.example.cn/cas/login');
    expect(url.searchParams.get('service')).toBe('https://app.example.cn/employeeList');
  });

  it('uses the configured service address when there is one', () => {
    const integration: Integration = {
      mode: 'portal',
      casLoginUrl: 'https://sso.example.cn/cas/login',
      casService: 'https://app.example.cn/authredirect',
      loginPath: '/login',
    };
    const decision = decideRoute(input({ ...signedOut, integration })) as { url: string };
    expect(new URL(decision.url).searchParams.get('service')).toBe('https://app.example.cn/authredirect');
  });

  it('otherwise goes to the login page (or the home page) with a redirect query', () => {
    expect(decideRoute(input({ ...signedOut, search: '?x=1' }))).toEqual({
      type: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/employeeList?x=1')}`,
    });
    expect(decideRoute(input({ ...signedOut, pathname: '/' }))).toEqual({ type: 'redirect', to: '/login' });
    expect(
      decideRoute(input({ ...signedOut, integration: { mode: 'default', loginPath: '/homepage' } })),
    ).toEqual({ type: 'redirect', to: `/homepage?redirect=${encodeURIComponent('/employeeList')}` });
  });
});

describe('redirect query', () => {
  it('accepts only paths inside the app that are not sign-in pages', () => {
    expect(safeReturnPath('/employeeList?a=1')).toBe('/employeeList?a=1');
    expect(safeReturnPath('https://evil.example')).toBe('/dashboard');
    expect(safeReturnPath('//evil.example')).toBe('/dashboard');
    expect(safeReturnPath('/\\evil.example')).toBe('/dashboard');
    expect(safeReturnPath('/login?redirect=/x')).toBe('/dashboard');
    expect(safeReturnPath('/logout')).toBe('/dashboard');
    expect(safeReturnPath('/locking')).toBe('/dashboard');
    expect(safeReturnPath(null)).toBe('/dashboard');
    expect(safeReturnPath('/authredirect?client_id=a')).toBe('/authredirect?client_id=a');
  });

  it('builds the login address', () => {
    expect(loginPathFor('/', '/login')).toBe('/login');
    expect(loginPathFor('/dashboard', '/login')).toBe('/login');
    expect(loginPathFor('/a?b=1#c', '/login')).toBe('/login?redirect=%2Fa%3Fb%3D1%23c');
  });

  it('drops only the named parameters', () => {
    expect(withoutParams('/p', '?ticket=1&a=2', '#h', ['ticket'])).toBe('/p?a=2#h');
    expect(withoutParams('/p', '?ticket=1', '', ['ticket'])).toBe('/p');
  });
});
