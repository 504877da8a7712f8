/**
 * A fetch stand-in for the session tests in happy-dom: answers by path with envelopes the test gives,
 * records every call, and points the app's api client at it. Never a server: the e2e tests use the
 * real one.
 */
import { vi } from 'vitest';
import { RESET } from 'jotai/utils';
import { apiAddressAtom } from '../../../src/api/api-address.ts';
import { clearSession, systemIdAtom } from '../../../src/session/atoms.ts';
import { clearLock } from '../../../src/session/lock-state.ts';
import { appStore } from '../../../src/session/store.ts';

export const FAKE_BASE = 'http://fake.test/api';

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: any;
  auth: string | null;
}

export type FakeAnswer = {
  state: number;
  message?: string;
  cause?: unknown;
  data?: unknown;
  status?: number;
};
export type FakeHandler = (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>;

export function ok(data: unknown = null): FakeAnswer {
  return { state: 200, message: 'ok', data };
}

export function fail(state: number, message: string, status = 401): FakeAnswer {
  return { state, message, status, data: null };
}

export function installFakeApi(routes: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const text = request.method === 'GET' ? '' : await request.text();
    const call: FakeCall = {
      method: request.method,
      path,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      auth: request.headers.get('authorization'),
    };
    calls.push(call);
    const handler = routes[path];
    const answer = handler ? await handler(call) : { state: 501, message: `no fake for ${path}`, data: null };
    const { status = answer.state === 200 ? 200 : 400, ...envelope } = answer;
    return new Response(JSON.stringify({ cause: null, ...envelope }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  appStore.set(apiAddressAtom, { baseUrl: FAKE_BASE, singleApp: true });
  return {
    calls,
    fetchStub,
    callsTo: (path: string) => calls.filter((c) => c.path === path),
  };
}

/** A clean slate: no session, no lock, no stored subsystem, nothing in the storages. */
export function resetSession(): void {
  clearSession(appStore);
  clearLock();
  appStore.set(systemIdAtom, RESET);
  localStorage.clear();
  sessionStorage.clear();
}

export const CONTEXT = {
  employee: { id: 'e1', name: '张三', status: 'actived' },
  user: { id: 'u1', fullname: '张三', account: 'zhangsan', isSuper: 'N' },
  mainTenant: { id: 't1', name: '演示企业集团' },
  tenants: [{ id: 't1', name: '演示企业集团' }],
  tenantId: 't1',
  isTenantAdmin: false,
  switchAccount: null,
  regOpen: false,
  mobile: '139****0001',
};
