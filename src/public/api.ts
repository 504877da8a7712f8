/**
 * The public page's calls, by operation id (operations.ts): plain fetch, no session, no tenant, no
 * back-office client; the envelope {state, message, data} unwrapped; a failure rejects with the
 * server's translated message. A GET sends its query in the address, anything else its body as JSON.
 */
import {
  PUBLIC_OPERATIONS,
  type BodyOf,
  type PublicOperationId,
  type QueryOf,
  type ResponseOf,
} from './operations.ts';

export const API_BASE = '/api';

export class PublicApiError extends Error {
  constructor(
    message: string,
    readonly state: number,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

export interface CallArgs<Id extends PublicOperationId> {
  query?: QueryOf<Id>;
  body?: BodyOf<Id>;
  signal?: AbortSignal;
}

let currentLanguage = 'zh-CN';

/**
 * How a call reaches the server: the browser's fetch; on the server (server-render.tsx) the server's
 * own request handling, so a server-rendered page makes the same calls with the same rules.
 */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);
export function setTransport(next: Transport): void {
  transport = next;
}
export function setApiLanguage(language: string): void {
  currentLanguage = language;
}

async function unwrap<T>(response: Response): Promise<T> {
  let body: { state?: number | string; message?: string; data?: T; cause?: unknown } | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    throw new PublicApiError(`HTTP ${response.status}`, response.status);
  }
  const state = Number(body?.state);
  if (state === 200) return body!.data as T;
  throw new PublicApiError(body?.message || `HTTP ${response.status}`, state, body?.cause);
}

/** A call started before the page rendered (early-list.ts): its operation, body and language as sent. */
interface EarlyCall {
  id: PublicOperationId;
  body: string;
  language: string;
  response: Promise<Response>;
}
let early: EarlyCall | undefined;

function send(id: PublicOperationId, json: string, signal?: AbortSignal): Promise<Response> {
  return transport(`${API_BASE}${PUBLIC_OPERATIONS[id].path}`, {
    method: PUBLIC_OPERATIONS[id].method,
    headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage },
    body: json,
    signal,
  });
}

/**
 * Sends a call now, before the page asks for it: the page's first call takes its answer when it is
 * the same call (operation, body, language), so the page's first list loads while React starts.
 */
export function startEarlyCall<Id extends PublicOperationId>(id: Id, body: BodyOf<Id>): void {
  const json = JSON.stringify(body ?? {});
  const response = send(id, json);
  // Not taken (the page asked for something else): its failure is nobody's.
  response.catch(() => undefined);
  early = { id, body: json, language: currentLanguage, response };
}

/** The early call's answer if it is exactly this call; only the page's first call may take it. */
function takeEarlyCall(id: PublicOperationId, json: string): Promise<Response> | undefined {
  const taken = early;
  early = undefined;
  if (!taken || taken.id !== id || taken.body !== json || taken.language !== currentLanguage)
    return undefined;
  return taken.response;
}

/** A GET's address: its query (values as text, unset ones left out) and a cache breaker. */
function getAddress(id: PublicOperationId, query: object | undefined): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    if (value !== undefined && value !== null) qs.set(key, String(value));
  qs.set('_t', String(Date.now()));
  return `${API_BASE}${PUBLIC_OPERATIONS[id].path}?${qs}`;
}

/** The data of a successful call; any other state rejects with PublicApiError. */
export async function callPublic<Id extends PublicOperationId>(
  id: Id,
  { query, body, signal }: CallArgs<Id> = {},
): Promise<ResponseOf<Id>> {
  if (PUBLIC_OPERATIONS[id].method === 'GET') {
    const response = await transport(getAddress(id, query), {
      headers: { 'Accept-Language': currentLanguage },
      signal,
    });
    return unwrap<ResponseOf<Id>>(response);
  }
  const json = JSON.stringify(body ?? {});
  const response = await (takeEarlyCall(id, json) ?? send(id, json, signal));
  return unwrap<ResponseOf<Id>>(response);
}
