/**
 * Requests a signed-in page will make, sent before it makes them (issue 29): the stored session they
 * go with, sending one as the api client would, and the first page of a list opened from the menu
 * (its request known at build time: tools/route-openings.ts). The app's calls take the answers
 * (src/api/early-calls.ts) only when they are the same request with the same token, so nothing sent
 * here is ever shown to anyone else. Used by the page's start (page-start.ts) and by a click on a
 * menu entry (src/shell/useOpenRoute.ts).
 */
import { ROUTE_OPENINGS, SCREEN_FILES } from 'virtual:route-openings';
import { SERVICE_PREFIX } from '../../schemas/catalogue-types.ts';
import { earlyRequestKey, queryParamsOf, rememberEarlyResponse } from '../api/early-calls.ts';
import { EARLY_OPERATIONS } from '../api/operation-meta.ts';
import { LOCKED_COOKIE, STORAGE_KEYS } from '../session/storage-keys.ts';

export interface StoredSession {
  token: string;
  systemId: string | null;
  language: string;
  baseUrl: string;
  singleApp: boolean;
  /** The context is in this tab's storage already: the app will not ask for it. */
  hasContext: boolean;
}

/** Stands for "the session's default subsystem" (src/session/sign-in.ts DEFAULT_SUBSYSTEM). */
export const DEFAULT_SUBSYSTEM = '-';
const ROUTER_ALIAS_PREFIX = '/router-alias/';

function readJson(storage: Storage, key: string): unknown {
  try {
    const text = storage.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export function storedSession(): StoredSession | null {
  if (document.cookie.split(';').some((c) => c.trim() === `${LOCKED_COOKIE}=1`)) return null;
  const token = readJson(localStorage, STORAGE_KEYS.accessToken);
  if (typeof token !== 'string' || !token) return null;
  const systemId = readJson(localStorage, STORAGE_KEYS.systemId);
  const language = readJson(localStorage, STORAGE_KEYS.language);
  const address = readJson(localStorage, STORAGE_KEYS.apiAddress) as {
    baseUrl?: unknown;
    singleApp?: unknown;
  } | null;
  return {
    token,
    systemId: typeof systemId === 'string' && systemId ? systemId : null,
    language: typeof language === 'string' ? language : 'zh-CN',
    baseUrl: typeof address?.baseUrl === 'string' ? address.baseUrl : '/api',
    singleApp: address?.singleApp !== false,
    hasContext: readJson(sessionStorage, STORAGE_KEYS.userContext) !== null,
  };
}

/** The menu alias a path names: its last segment (nested path, /router-alias/{alias} or /{alias}). */
export function aliasOf(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  const last = path.startsWith(ROUTER_ALIAS_PREFIX)
    ? path.slice(ROUTER_ALIAS_PREFIX.length)
    : path.slice(path.lastIndexOf('/') + 1);
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return null;
  }
}

/** Sends one request as the api client would (http-client.ts), and keeps its answer for it. */
export function send(
  session: StoredSession,
  request: { method: string; path: string; prefix: string; query?: object; body?: unknown },
): void {
  const url = `${session.baseUrl.replace(/\/+$/, '')}${session.singleApp ? '' : request.prefix}${request.path}`;
  const isGet = request.method === 'GET';
  const params = queryParamsOf(request.query);
  const body = !isGet && request.body !== undefined ? JSON.stringify(request.body) : undefined;
  const key = earlyRequestKey({
    method: request.method,
    url,
    params,
    body,
    token: session.token,
    systemId: session.systemId,
    language: session.language,
  });
  if (isGet) params.set('_t', `${Date.now()}${Math.random().toString().slice(2, 8)}`);
  const headers: Record<string, string> = {
    'Accept-Language': session.language,
    Authorization: `Bearer ${session.token}`,
  };
  if (session.systemId) headers['X-System-Id'] = session.systemId;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const query = params.toString();
  rememberEarlyResponse(
    key,
    fetch(query ? `${url}?${query}` : url, {
      method: request.method,
      headers,
      body,
      credentials: 'same-origin',
    }),
  );
}

export function sessionOperation(id: keyof typeof EARLY_OPERATIONS, query?: object) {
  const op = EARLY_OPERATIONS[id];
  return { method: op.method, path: op.path, prefix: SERVICE_PREFIX[op.service], query };
}

const BY_SCREEN = new Map(Object.values(ROUTE_OPENINGS).map((o) => [o.screen, o]));

/**
 * A click on a menu entry that opens `screen` in a new tab: its first page of rows is asked for at
 * once, beside its screen file, instead of after them.
 */
export function startScreenOpening(screen: string): void {
  const opening = BY_SCREEN.get(screen);
  const session = opening && storedSession();
  if (!opening || !session) return;
  if (opening.request) send(session, opening.request);
  if (Object.hasOwn(SCREEN_FILES, screen)) void SCREEN_FILES[screen]().catch(() => undefined);
}
