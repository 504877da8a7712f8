/**
 * The public page's calls: plain fetch against the catalogue's public operations (no session, no
 * tenant), the envelope {state, message, data} unwrapped; a failure rejects with the server's
 * translated message.
 */
export const API_BASE = '/api';

export interface Page<T> {
  dataResult: T[];
  pageResult: { totalCount: number; totalPages?: number; totalExact?: boolean };
}

export interface ListRequest {
  parameters: { key: string; value: string }[];
  requestPage: { pageNo: number; limit: number };
  sorts?: { field: string; order: 'ASC' | 'DESC' }[];
}

export class PublicApiError extends Error {
  constructor(
    message: string,
    readonly state: number,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

let currentLanguage = 'zh-CN';
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

/** A call started before the page rendered (early-list.ts): its path, body and language as sent. */
interface EarlyCall {
  path: string;
  body: string;
  language: string;
  response: Promise<Response>;
}
let early: EarlyCall | undefined;

function send(path: string, json: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': currentLanguage },
    body: json,
    signal,
  });
}

/**
 * Sends a call now, before the page asks for it: the page's first `post` takes its answer when it is
 * the same call (path, body, language), so the page's first list loads while React starts.
 */
export function startEarlyPost(path: string, body: unknown): void {
  const json = JSON.stringify(body ?? {});
  const response = send(path, json);
  // Not taken (the page asked for something else): its failure is nobody's.
  response.catch(() => undefined);
  early = { path, body: json, language: currentLanguage, response };
}

/** The early call's answer if it is exactly this call; only the page's first call may take it. */
function takeEarlyCall(path: string, json: string): Promise<Response> | undefined {
  const taken = early;
  early = undefined;
  if (!taken || taken.path !== path || taken.body !== json || taken.language !== currentLanguage)
    return undefined;
  return taken.response;
}

export async function post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const json = JSON.stringify(body ?? {});
  const response = await (takeEarlyCall(path, json) ?? send(path, json, signal));
  return unwrap<T>(response);
}

export async function get<T>(
  path: string,
  query: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<T> {
  const qs = new URLSearchParams({ ...query, _t: String(Date.now()) });
  const response = await fetch(`${API_BASE}${path}?${qs}`, {
    headers: { 'Accept-Language': currentLanguage },
    signal,
  });
  return unwrap<T>(response);
}

/** A multipart call (the comment with its optional attachment). */
export async function postForm<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(`${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'Accept-Language': currentLanguage },
    body: form,
  });
  return unwrap<T>(response);
}
