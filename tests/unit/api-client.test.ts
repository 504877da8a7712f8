// @vitest-environment node
/**
 * The api client's envelope rules (spec §8), headers, `_t` and service prefix, against a stub fetch.
 * Texts are the real zh-CN translations.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../src/api/api-call-error.ts';
import { operations, type OperationMeta } from '../../src/api/generated/operations.ts';
import { createApiClient, type ApiAddress, type SessionHeaders } from '../../src/api/http-client.ts';
import { t } from '../../src/i18n/i18n.ts';
import { setupTestI18n } from './support/i18n.ts';

const BASE = 'http://test.local/api';

interface Answer {
  status?: number;
  body?: unknown;
  /** Raw text instead of JSON. */
  text?: string;
}

function harness(
  answer: Answer | (() => never),
  options: { address?: Partial<ApiAddress>; session?: SessionHeaders } = {},
) {
  const requests: Request[] = [];
  const bodies: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    bodies.push(await request.clone().text());
    if (typeof answer === 'function') answer();
    const { status = 200, body, text } = answer as Answer;
    const payload = text ?? JSON.stringify(body);
    return new Response(payload, {
      status,
      headers: { 'content-type': text ? 'text/html' : 'application/json' },
    });
  });
  const notifier = { warning: vi.fn(), error: vi.fn() };
  const onSessionEnded = vi.fn();
  const client = createApiClient({
    fetch: fetchStub as typeof fetch,
    address: () => ({ baseUrl: BASE, singleApp: true, ...options.address }),
    session: () => options.session ?? { accessToken: 'tok-1', systemId: 'sys-1', tenantId: 'ten-1' },
    language: () => 'zh-CN',
    translate: t,
    notifier,
    onSessionEnded,
  });
  return { client, requests, bodies, notifier, onSessionEnded, fetchStub };
}

const userContext = operations['user.context']; // GET, access user
const employeeQuery = operations['employee.query']; // POST, access tenant
const login = operations['authentication.apply']; // POST, public, oauth2

async function failure(promise: Promise<unknown>): Promise<ApiCallError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiCallError);
  return error as ApiCallError;
}

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

describe('envelope states', () => {
  it.each([200, 2, 103, 501])('passes state %i through to the caller without a message', async (state) => {
    const h = harness({ body: { state, message: 'm', cause: null, data: { x: 1 } } });
    await expect(h.client.request(userContext)).resolves.toEqual({
      state,
      message: 'm',
      cause: null,
      data: { x: 1 },
    });
    expect(h.notifier.warning).not.toHaveBeenCalled();
    expect(h.notifier.error).not.toHaveBeenCalled();
  });

  it('shows an error with the url when the answer has no state', async () => {
    const h = harness({ body: { data: 1 } });
    const error = await failure(h.client.request(userContext));
    expect(error.kind).toBe('noState');
    expect(error.text).toBe(`接口异常，没有返回状态：${BASE}/user/context`);
    expect(h.notifier.error).toHaveBeenCalledWith(error.text, 5);
  });

  it('treats a 2xx answer that is not JSON as having no state', async () => {
    const h = harness({ text: '<html>ok</html>' });
    expect((await failure(h.client.request(employeeQuery, { body: {} }))).kind).toBe('noState');
  });

  it('warns for 5 s with message and cause for other states', async () => {
    const h = harness({
      status: 400,
      body: { state: 6010101, message: '非法请求', cause: '参数 x 缺失', data: null },
    });
    const error = await failure(h.client.request(employeeQuery, { body: {} }));
    expect(error).toMatchObject({
      kind: 'state',
      state: 6010101,
      status: 400,
      text: '非法请求：参数 x 缺失',
    });
    expect(h.notifier.warning).toHaveBeenCalledWith('非法请求：参数 x 缺失', 5);
  });

  it('says field errors of a cause once, by the field label (never its raw name)', async () => {
    const cause = [{ field: 'name', label: '名称', message: '长度不能超过64个字符' }];
    const h = harness({ status: 400, body: { state: 6010101, message: '请求参数有误', cause, data: null } });
    expect((await failure(h.client.request(employeeQuery, { body: {} }))).text).toBe(
      '请求参数有误：名称: 长度不能超过64个字符',
    );
    const repeated = harness({
      status: 400,
      body: { state: 6010101, message: '请求参数有误：名称: 长度不能超过64个字符', cause, data: null },
    });
    expect((await failure(repeated.client.request(employeeQuery, { body: {} }))).text).toBe(
      '请求参数有误：名称: 长度不能超过64个字符',
    );
  });

  it('shows the message alone, or the cause alone', async () => {
    const messageOnly = harness({
      status: 401,
      body: { state: 6020101, message: '用户名或密码错误', cause: null, data: null },
    });
    expect((await failure(messageOnly.client.request(login, { body: {} }))).text).toBe('用户名或密码错误');
    const causeOnly = harness({ body: { state: 9000, message: '', cause: '只有原因', data: null } });
    expect((await failure(causeOnly.client.request(userContext))).text).toBe('只有原因');
  });

  it('falls back to the text of the state, then of the HTTP status, then "unknown error"', async () => {
    const byState = harness({ status: 401, body: { state: 6020101, data: null } });
    expect((await failure(byState.client.request(login, { body: {} }))).text).toBe('用户名或密码错误');
    const byStatus = harness({ status: 404, body: { state: 9404, message: null, data: null } });
    expect((await failure(byStatus.client.request(userContext))).text).toBe('请求地址出错');
    const unknown = harness({ status: 200, body: { state: 9999, data: null } });
    expect((await failure(unknown.client.request(userContext))).text).toBe('未知错误，错误码：9999');
  });

  it.each([
    [400, '请求错误'],
    [401, '未授权，请联系管理员'],
    [403, '拒绝访问'],
    [404, '请求地址出错'],
    [408, '请求超时'],
    [500, '服务器内部错误'],
    [501, '服务未实现'],
    [502, '网关错误'],
    [503, '服务不可用'],
    [504, '网关超时'],
    [505, 'HTTP 版本不受支持'],
  ])('names HTTP status %i without an envelope: %s', async (status, text) => {
    const h = harness({ status, text: '<html>proxy error</html>' });
    const error = await failure(h.client.request(userContext));
    expect(error).toMatchObject({ kind: 'http', status, text });
    expect(h.notifier.warning).toHaveBeenCalledWith(text, 5);
  });

  it('says the network is busy when the answer is cut short, and nothing when the caller cancelled', async () => {
    const cutShort = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"state":'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const h = harness({ body: null });
    h.fetchStub.mockImplementation(async () => cutShort());
    const error = await failure(h.client.request(userContext));
    expect(error.kind).toBe('network');
    expect(h.notifier.error).toHaveBeenCalledWith('网络繁忙或服务器出现问题，请稍后重试', 5);

    // The caller went away while the body arrived (a dialog closed): no toast, the abort is all it gets.
    const quiet = harness({ body: null });
    const controller = new AbortController();
    quiet.fetchStub.mockImplementation(async () => {
      controller.abort();
      return cutShort();
    });
    await expect(quiet.client.request(userContext, { signal: controller.signal })).rejects.toBeDefined();
    expect(quiet.notifier.error).not.toHaveBeenCalled();
    expect(quiet.notifier.warning).not.toHaveBeenCalled();
  });

  it('says the network is busy when there is no response at all', async () => {
    const h = harness(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await failure(h.client.request(userContext));
    expect(error.kind).toBe('network');
    expect(error.text).toBe('网络繁忙或服务器出现问题，请稍后重试');
    expect(h.notifier.error).toHaveBeenCalledWith(error.text, 5);
  });

  it.each([6020301, 6020201, 6020102])(
    'hands state %i to the session-ending handler, with no warning',
    async (state) => {
      const h = harness({ status: 401, body: { state, message: 'x', cause: null, data: null } });
      const error = await failure(h.client.request(userContext));
      expect(error.kind).toBe('sessionEnded');
      expect(h.onSessionEnded).toHaveBeenCalledWith(state, expect.objectContaining({ state }));
      expect(h.notifier.warning).not.toHaveBeenCalled();
    },
  );

  it('shows nothing for a silent call but still rejects with the text', async () => {
    const h = harness({ status: 401, body: { state: 6020101, message: '用户名或密码错误', data: null } });
    const error = await failure(h.client.request(login, { body: {}, silent: true }));
    expect(error.text).toBe('用户名或密码错误');
    expect(h.notifier.warning).not.toHaveBeenCalled();
    expect(h.notifier.error).not.toHaveBeenCalled();
  });
});

describe('request', () => {
  let ok: Answer;
  beforeEach(() => {
    ok = { body: { state: 200, message: 'ok', cause: null, data: null } };
  });

  it('sends the session headers on private calls', async () => {
    const h = harness(ok);
    await h.client.request(employeeQuery, { body: { parameters: [] } });
    const headers = h.requests[0].headers;
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(headers.get('x-system-id')).toBe('sys-1');
    expect(headers.get('x-tenant-id')).toBe('ten-1');
    expect(headers.get('accept-language')).toBe('zh-CN');
  });

  it('sends only the token on public calls (the server reads it leniently), and none when anonymous', async () => {
    const h = harness(ok);
    await h.client.request(login, { body: { grant_type: 'password_credentials' } });
    const headers = h.requests[0].headers;
    expect(headers.get('authorization')).toBe('Bearer tok-1');
    expect(headers.get('x-system-id')).toBeNull();
    expect(headers.get('x-tenant-id')).toBeNull();
    await h.client.request(login, { body: { grant_type: 'refresh_token' }, anonymous: true });
    expect(h.requests[1].headers.get('authorization')).toBeNull();
  });

  it('sends only the headers it has values for', async () => {
    const h = harness(ok, { session: { accessToken: 'tok-2', systemId: null, tenantId: undefined } });
    await h.client.request(userContext);
    const headers = h.requests[0].headers;
    expect(headers.get('authorization')).toBe('Bearer tok-2');
    expect(headers.has('x-system-id')).toBe(false);
    expect(headers.has('x-tenant-id')).toBe(false);
  });

  it('adds a random _t to GET calls, keeping their query', async () => {
    const h = harness(ok);
    await h.client.request(userContext, { query: { lang: 'zh-CN' } });
    await h.client.request(userContext);
    const [first, second] = h.requests.map((r) => new URL(r.url));
    expect(first.searchParams.get('lang')).toBe('zh-CN');
    expect(first.searchParams.get('_t')).toMatch(/^\d+$/);
    expect(second.searchParams.get('_t')).not.toBe(first.searchParams.get('_t'));
    expect(h.requests[0].method).toBe('GET');
  });

  it('sends POST bodies as JSON and no _t', async () => {
    const h = harness(ok);
    const body = {
      parameters: [{ key: 'name', value: '张' }],
      requestPage: { pageNo: 1, limit: 20 },
      sorts: [],
    };
    await h.client.request(employeeQuery, { body });
    const request = h.requests[0];
    expect(request.method).toBe('POST');
    expect(new URL(request.url).searchParams.has('_t')).toBe(false);
    expect(request.headers.get('content-type')).toMatch(/application\/json/);
    expect(JSON.parse(h.bodies[0])).toEqual(body);
  });

  it('puts no service prefix in single-app mode', async () => {
    const h = harness(ok);
    await h.client.request(employeeQuery, { body: {} });
    expect(h.requests[0].url).toBe(`${BASE}/employee/query`);
  });

  it('puts the service prefix in front of the path otherwise', async () => {
    const h = harness(ok, { address: { singleApp: false, baseUrl: 'http://other.local/gw/' } });
    const business: OperationMeta = {
      method: 'POST',
      path: '/fldUser/login/apply',
      service: 'business',
      access: 'public',
      permission: 'public',
    };
    await h.client.request(employeeQuery, { body: {} });
    await h.client.request(login, { body: {} });
    await h.client.request(business, { body: {} });
    expect(h.requests.map((r) => r.url)).toEqual([
      'http://other.local/gw/platform/v3/employee/query',
      'http://other.local/gw/oauth2/v3/authentication/apply',
      'http://other.local/gw/business/v3/fldUser/login/apply',
    ]);
  });
});
