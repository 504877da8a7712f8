// @vitest-environment node
/**
 * The refresh queue with the api client (spec §4 'Token flow'): on 6020301 exactly one refresh is made
 * while the other calls wait, then every call is replayed with the new token; calls that start during
 * the refresh wait for it; a refused refresh reports the ended session once per call and replays nothing;
 * a token another tab has already refreshed is adopted without a second refresh. The refresh token is
 * the browser's HttpOnly cookie: the exchange sends none, and nothing here ever holds it.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../src/api/api-call-error.ts';
import { operations } from '../../src/api/generated/operations.ts';
import { createApiClient } from '../../src/api/http-client.ts';
import { createRefreshQueue, type RefreshedToken } from '../../src/api/refresh-queue.ts';
import { t } from '../../src/i18n/i18n.ts';
import { setupTestI18n } from './support/i18n.ts';

const BASE = 'http://test.local/api';
const userContext = operations['user.context'];
const employeeQuery = operations['employee.query'];
const captcha = operations['user.captcha'];

interface World {
  /** Tokens the fake server accepts. */
  valid: Set<string>;
  refreshCalls: number;
  /** The refresh answer's delay, so calls pile up behind it. */
  refreshDelay: number;
  refuseRefresh: boolean;
  /** The browser's refresh cookie (what the server set last; the page never reads it). */
  cookie: string | null;
}

function setup(world: Partial<World> = {}) {
  const w: World = {
    valid: new Set(['new-1']),
    refreshCalls: 0,
    refreshDelay: 20,
    refuseRefresh: false,
    cookie: 'r-1',
    ...world,
  };
  const stored = { access: 'old' as string | null, refreshable: w.cookie !== null };
  const seen: { url: string; auth: string | null }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const auth = request.headers.get('authorization');
    seen.push({ url: new URL(request.url).pathname, auth });
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (new URL(request.url).pathname.endsWith('/user/captcha')) {
      return json({ state: 200, data: { image: 'x', variables: { requestId: 'q' } } });
    }
    const token = auth?.slice('Bearer '.length) ?? '';
    if (!w.valid.has(token)) return json({ state: 6020301, message: 'expired', data: null }, 401);
    return json({ state: 200, message: 'ok', data: { token } });
  });
  // The server's side of the exchange: the browser sends the cookie, the answer rotates it.
  const exchange = vi.fn(async (): Promise<RefreshedToken> => {
    w.refreshCalls += 1;
    await new Promise((r) => setTimeout(r, w.refreshDelay));
    if (w.refuseRefresh || w.cookie !== 'r-1') throw new Error('refused');
    w.cookie = 'r-2';
    return { access_token: 'new-1' };
  });
  const queue = createRefreshQueue({
    accessToken: () => stored.access,
    canRefresh: () => stored.refreshable,
    exchange,
    store: (token) => {
      stored.access = token.access_token;
      stored.refreshable = true;
    },
    exclusive: (task) => task(),
  });
  const onSessionEnded = vi.fn();
  const client = createApiClient({
    fetch: fetchStub as typeof fetch,
    address: () => ({ baseUrl: BASE, singleApp: true }),
    session: () => ({ accessToken: stored.access }),
    language: () => 'zh-CN',
    translate: t,
    notifier: { warning: vi.fn(), error: vi.fn() },
    onSessionEnded,
    tokenRecovery: queue,
  });
  return { w, stored, seen, client, queue, exchange, onSessionEnded };
}

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

describe('refresh queue', () => {
  it('refreshes exactly once for five concurrent calls with an expired token, then replays them all', async () => {
    const s = setup();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        (i % 2 ? s.client.request(userContext) : s.client.request(employeeQuery, { body: {} })).then(
          (e) => (e.data as { token: string }).token,
        ),
      ),
    );
    expect(s.w.refreshCalls).toBe(1);
    expect(s.queue.refreshCount).toBe(1);
    expect(results).toEqual(Array(5).fill('new-1'));
    // Five calls with the old token, five replays with the new one.
    expect(s.seen.filter((r) => r.auth === 'Bearer old')).toHaveLength(5);
    expect(s.seen.filter((r) => r.auth === 'Bearer new-1')).toHaveLength(5);
    expect(s.stored).toEqual({ access: 'new-1', refreshable: true });
    expect(s.w.cookie).toBe('r-2');
    expect(s.onSessionEnded).not.toHaveBeenCalled();
  });

  it('holds calls that start during the refresh until the new token is there', async () => {
    const s = setup({ refreshDelay: 50 });
    const first = s.client.request(userContext);
    // Let the first call fail and start the refresh.
    await vi.waitFor(() => expect(s.queue.refreshing).toBe(true));
    const late = s.client.request(employeeQuery, { body: {} });
    await Promise.all([first, late]);
    expect(s.w.refreshCalls).toBe(1);
    // The late call went out once, with the new token only.
    expect(s.seen.filter((r) => r.url.endsWith('/employee/query')).map((r) => r.auth)).toEqual([
      'Bearer new-1',
    ]);
  });

  it('does not make public calls wait for the refresh', async () => {
    const s = setup({ refreshDelay: 200 });
    const first = s.client.request(userContext);
    await vi.waitFor(() => expect(s.queue.refreshing).toBe(true));
    const started = Date.now();
    await s.client.request(captcha);
    expect(Date.now() - started).toBeLessThan(150);
    await first;
  });

  it('a refused refresh replays nothing and reports the ended session for each waiting call', async () => {
    const s = setup({ refuseRefresh: true });
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => s.client.request(userContext)));
    expect(s.w.refreshCalls).toBe(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason as ApiCallError;
      expect(error).toBeInstanceOf(ApiCallError);
      expect(error.kind).toBe('sessionEnded');
      expect(error.state).toBe(6020301);
    }
    expect(s.onSessionEnded).toHaveBeenCalledTimes(3);
    expect(s.onSessionEnded).toHaveBeenCalledWith(6020301, expect.objectContaining({ state: 6020301 }));
    expect(s.seen).toHaveLength(3);
  });

  it('replays once only: a call refused again after the refresh ends the session', async () => {
    // The server refuses even the new token.
    const s = setup({ valid: new Set() });
    const error = await s.client.request(userContext).catch((e: unknown) => e as ApiCallError);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(s.w.refreshCalls).toBe(1);
    expect(s.seen).toHaveLength(2);
    expect(s.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('adopts a token another tab refreshed meanwhile instead of spending the refresh cookie again', async () => {
    const s = setup();
    const call = s.client.request(userContext);
    // Another tab wins the race: the stored access token and the shared cookie change before this tab's
    // refresh looks.
    s.stored.access = 'new-1';
    s.w.cookie = 'r-2';
    await expect(call).resolves.toMatchObject({ data: { token: 'new-1' } });
    expect(s.w.refreshCalls).toBe(0);
  });

  it('makes no refresh call without a refresh cookie behind the session', async () => {
    const s = setup({ cookie: null });
    await expect(s.client.request(userContext)).rejects.toMatchObject({ kind: 'sessionEnded' });
    expect(s.exchange).not.toHaveBeenCalled();
    expect(s.onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('replays a public call that carried an expired token (the change-mobile SMS needs the session)', async () => {
    const s = setup();
    const sendMsg = operations['fldUser.sendMsg.apply'];
    await expect(s.client.request(sendMsg, { body: {} })).resolves.toMatchObject({
      data: { token: 'new-1' },
    });
    expect(s.w.refreshCalls).toBe(1);
    expect(s.seen.map((r) => r.auth)).toEqual(['Bearer old', 'Bearer new-1']);
  });

  it('sends an anonymous call without a token and never refreshes for it', async () => {
    const s = setup();
    await expect(s.client.request(userContext, { anonymous: true })).rejects.toMatchObject({
      kind: 'sessionEnded',
    });
    expect(s.seen.map((r) => r.auth)).toEqual([null]);
    expect(s.w.refreshCalls).toBe(0);
  });

  it('leaves session handling to the caller when asked', async () => {
    const s = setup({ refuseRefresh: true });
    await expect(s.client.request(userContext, { sessionEnd: 'caller' })).rejects.toMatchObject({
      kind: 'sessionEnded',
    });
    expect(s.onSessionEnded).not.toHaveBeenCalled();
  });

  it('runs the refresh inside the cross-tab lock', async () => {
    const order: string[] = [];
    const queue = createRefreshQueue({
      accessToken: () => 'old',
      canRefresh: () => true,
      exchange: async () => {
        order.push('exchange');
        return { access_token: 'n' };
      },
      store: () => order.push('store'),
      exclusive: async (task) => {
        order.push('lock');
        const result = await task();
        order.push('unlock');
        return result;
      },
    });
    await expect(queue.recover('old')).resolves.toBe(true);
    expect(order).toEqual(['lock', 'exchange', 'store', 'unlock']);
  });
});
