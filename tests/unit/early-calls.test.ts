// @vitest-environment happy-dom
/**
 * Requests sent at the page's start (issue 29): the api client takes an early answer only for the
 * very same request (method, address, query, body, token, subsystem, language), once and while
 * fresh; a failed early request is sent again; and the build's route table holds exactly the request
 * the list screen sends when it opens.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { operations } from '../../src/api/generated/operations.ts';
import {
  EARLY_RESPONSE_TTL_MS,
  earlyRequestKey,
  forgetEarlyResponses,
  queryParamsOf,
  rememberEarlyResponse,
} from '../../src/api/early-calls.ts';
import { createApiClient } from '../../src/api/http-client.ts';
import { t } from '../../src/i18n/i18n.ts';
import { aliasOf } from '../../src/boot/route-opening.ts';
import { startEarly } from '../../src/boot/page-start.ts';
import { routeOpenings, startRequests } from '../../tools/route-openings.ts';
import { join } from 'node:path';
import { readYaml, SCHEMAS_DIR } from '../../schemas/catalogue.ts';
import { openingListCall } from '../../renderers/list/list-call.ts';
import type { ListScreenDefinition } from '../../renderers/list/list-types.ts';
import { setupTestI18n } from './support/i18n.ts';

const BASE = 'http://test.local/api';
const SESSION = { accessToken: 'tok-1', systemId: 'sys-1', tenantId: 'ten-1' };
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ state: 200, message: null, cause: null, data }), {
    headers: { 'content-type': 'application/json' },
  });

function client(session = SESSION) {
  const fetchStub = vi.fn(async () => envelope('from the client'));
  const api = createApiClient({
    fetch: fetchStub as typeof fetch,
    address: () => ({ baseUrl: BASE, singleApp: true }),
    session: () => session,
    language: () => 'zh-CN',
    translate: t,
    notifier: { warning: vi.fn(), error: vi.fn() },
    onSessionEnded: vi.fn(),
  });
  return { api, fetchStub };
}

/** Remembers an early answer as the page's start would send it. */
function early(
  request: { method: string; path: string; query?: object; body?: unknown },
  answer: Promise<Response>,
  identity: Partial<{ token: string; systemId: string; language: string }> = {},
) {
  rememberEarlyResponse(
    earlyRequestKey({
      method: request.method,
      url: `${BASE}${request.path}`,
      params: queryParamsOf(request.query),
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      token: identity.token ?? SESSION.accessToken,
      systemId: identity.systemId ?? SESSION.systemId,
      language: identity.language ?? 'zh-CN',
    }),
    answer,
  );
}

const menus = operations['auth.resources.getMenuData'];
const employees = operations['employee.query'];
const LIST_BODY = { parameters: [], requestPage: { pageNo: 1, limit: 20 }, sorts: [] };

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(() => {
  forgetEarlyResponses();
  vi.useRealTimers();
});

describe('the api client and early answers', () => {
  it('answers the same GET from the early response, without a request, and only once', async () => {
    const { api, fetchStub } = client();
    early(
      { method: 'GET', path: menus.path, query: { systemId: 'sys-1' } },
      Promise.resolve(envelope('early')),
    );
    const first = await api.request(menus, { query: { systemId: 'sys-1' } });
    expect(first.data).toBe('early');
    expect(fetchStub).not.toHaveBeenCalled();
    const second = await api.request(menus, { query: { systemId: 'sys-1' } });
    expect(second.data).toBe('from the client');
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('answers the same POST body from the early response', async () => {
    const { api, fetchStub } = client();
    early({ method: 'POST', path: employees.path, body: LIST_BODY }, Promise.resolve(envelope(['row'])));
    expect((await api.request(employees, { body: LIST_BODY })).data).toEqual(['row']);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it.each([
    ['another body', { body: { ...LIST_BODY, sorts: [{ field: 'name', order: 'ASC' }] } }, {}],
    ['another token (another session)', { body: LIST_BODY }, { token: 'tok-of-someone-else' }],
    ['another subsystem', { body: LIST_BODY }, { systemId: 'sys-2' }],
    ['another language', { body: LIST_BODY }, { language: 'en' }],
  ])('sends its own request for %s', async (_, args, identity) => {
    const { api, fetchStub } = client();
    early(
      { method: 'POST', path: employees.path, body: LIST_BODY },
      Promise.resolve(envelope('early')),
      identity,
    );
    expect((await api.request(employees, args)).data).toBe('from the client');
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('sends its own request when the early one failed on the way', async () => {
    const { api, fetchStub } = client();
    early(
      { method: 'POST', path: employees.path, body: LIST_BODY },
      Promise.reject(new TypeError('offline')),
    );
    expect((await api.request(employees, { body: LIST_BODY })).data).toBe('from the client');
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });

  it('does not take a stale early answer', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { api, fetchStub } = client();
    early({ method: 'POST', path: employees.path, body: LIST_BODY }, Promise.resolve(envelope('early')));
    vi.setSystemTime(Date.now() + EARLY_RESPONSE_TTL_MS + 1);
    expect((await api.request(employees, { body: LIST_BODY })).data).toBe('from the client');
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});

describe('what a route opens', () => {
  it.each([
    ['/system/employeeList', 'employeeList'],
    ['/system/employeeList/', 'employeeList'],
    ['/router-alias/employeeList', 'employeeList'],
    ['/employeeList', 'employeeList'],
    ['/a/%E5%91%98%E5%B7%A5', '员工'],
    ['/', null],
    ['/a/%E0%A4%A', null],
  ])('%s names the menu alias %s', (path, alias) => {
    expect(aliasOf(path)).toBe(alias);
  });

  it('holds, for every list without session filters, the request the list sends when it opens', () => {
    const openings = routeOpenings();
    const lists = Object.values(openings).filter((o) => o.request);
    expect(lists.length).toBeGreaterThan(20);
    expect(openings.employeeList.request).toMatchObject({ method: 'POST', path: '/employee/query' });
    for (const opening of lists) {
      const screen = readYaml<ListScreenDefinition>(join(SCHEMAS_DIR, 'screens', `${opening.screen}.yaml`));
      const call = openingListCall(screen, { session: { tenantId: 't' }, params: {} });
      const op = operations[call!.operation as keyof typeof operations];
      expect(opening.request?.path, opening.screen).toBe(op.path);
      expect(opening.request?.method, opening.screen).toBe(op.method);
      const sent = 'body' in call!.args ? { body: call!.args.body } : { query: call!.args.query };
      expect(JSON.stringify(sent), opening.screen).toBe(
        JSON.stringify(
          opening.request?.body !== undefined
            ? { body: opening.request.body }
            : { query: opening.request?.query },
        ),
      );
    }
  });
});

describe('the page start', () => {
  const sent = () =>
    (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls.map(([url, init]) => {
      const address = new URL(String(url), 'http://test.local');
      address.searchParams.delete('_t');
      return `${(init as RequestInit).method} ${address.pathname}${address.search}${(init as RequestInit).body ? ` ${String((init as RequestInit).body)}` : ''}`;
    });

  function store(values: Record<string, unknown>) {
    localStorage.clear();
    sessionStorage.clear();
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, JSON.stringify(value));
  }

  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });

  it("sends the session calls and the list's first page at once, and fetches the route's scripts", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null)),
    );
    store({ 'mf.accessToken': 'tok-9', 'mf.systemId': 'sys-9', 'mf.language': 'en' });
    const scripts = vi.fn();
    startEarly('/system/employeeList', scripts);
    expect(sent()).toEqual([
      'GET /api/user/context',
      'GET /api/auth/resources/getMenuData?systemId=sys-9',
      'GET /api/auth/sub/system/findCurrentUserSubSystem',
      ...startRequests().map((r) => `${r.method} /api${r.path}`),
      `POST /api/employee/query ${JSON.stringify(routeOpenings().employeeList.request!.body)}`,
    ]);
    const headers = (fetch as unknown as ReturnType<typeof vi.fn>).mock.calls[0][1].headers as Record<
      string,
      string
    >;
    expect(headers).toMatchObject({
      Authorization: 'Bearer tok-9',
      'X-System-Id': 'sys-9',
      'Accept-Language': 'en',
    });
    expect(headers['X-Tenant-Id']).toBeUndefined();
    expect(scripts).toHaveBeenCalledWith({ name: 'employee-list', kind: 'list' }, 'en');
  });

  it('leaves out the context a tab has already, and everything but it before a subsystem is chosen', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null)),
    );
    store({ 'mf.accessToken': 'tok-9' });
    startEarly('/system/employeeList', vi.fn());
    expect(sent()).toEqual(['GET /api/user/context']);
    (fetch as unknown as ReturnType<typeof vi.fn>).mockClear();
    store({ 'mf.accessToken': 'tok-9', 'mf.systemId': 'sys-9' });
    sessionStorage.setItem('mf.userContext', JSON.stringify({ tenantId: 't' }));
    startEarly('/dashboard', vi.fn());
    expect(sent()).not.toContain('GET /api/user/context');
    expect(sent()).toContain('GET /api/auth/resources/getMenuData?systemId=sys-9');
  });

  it.each([
    ['no stored session', {}, '/system/employeeList'],
    ['a page outside the shell', { 'mf.accessToken': 'tok-9', 'mf.systemId': 's' }, '/login'],
    ['an address no menu entry has', { 'mf.accessToken': 'tok-9', 'mf.systemId': 's' }, '/nowhere/atAll'],
  ])('does nothing with %s', (_, values, path) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null)),
    );
    store(values);
    const scripts = vi.fn();
    startEarly(path, scripts);
    expect(fetch).not.toHaveBeenCalled();
    expect(scripts).not.toHaveBeenCalled();
  });

  it('does nothing while the screen is locked', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null)),
    );
    store({ 'mf.accessToken': 'tok-9', 'mf.systemId': 's' });
    document.cookie = 'mf_locked=1; path=/';
    try {
      startEarly('/system/employeeList', vi.fn());
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      document.cookie = 'mf_locked=; path=/; max-age=0';
    }
  });
});
