/**
 * Requests sent before anyone asks for them: the page's start (src/boot/early-start.ts) knows what a
 * signed-in page will load — the session's context, its menus and subsystems, the first page of the
 * route's list — and sends it while the scripts that will ask are still on their way. The api client
 * (http-client.ts) takes an answer for the first identical request: same method, address, query,
 * body, token, subsystem and language. Taken once; stale after a while; nobody else ever sees it.
 *
 * No imports but its own kind: the start script that fills it must stay a few KB.
 */

interface EarlyResponse {
  at: number;
  response: Promise<Response>;
}

/** After this an early answer is stale: the page asks again. */
export const EARLY_RESPONSE_TTL_MS = 15_000;

export interface EarlyRequestIdentity {
  method: string;
  /** The address without its query. */
  url: string;
  /** The query as sent; the GET cache breaker `_t` does not count. */
  params?: URLSearchParams;
  /** The JSON body as sent. */
  body?: string;
  token: string | null;
  systemId: string | null;
  language: string;
}

/**
 * What makes two requests the same. The tenant header is not part of it: it can only confirm the
 * session's tenant (the server answers for the session's tenant either way), and a new tab learns it
 * only from the context this very start asks for.
 */
export function earlyRequestKey(r: EarlyRequestIdentity): string {
  const query = [...(r.params ?? new URLSearchParams())]
    .filter(([name]) => name !== '_t')
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');
  return JSON.stringify([
    r.method.toUpperCase(),
    r.url,
    query,
    r.body ?? '',
    r.token,
    r.systemId,
    r.language,
  ]);
}

/** A call's query as sent: unset values left out, a list as comma-separated values. */
export function queryParamsOf(query: object | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

const pending = new Map<string, EarlyResponse>();

export function rememberEarlyResponse(key: string, response: Promise<Response>): void {
  // Not taken, or failed (the taker then sends its own): its failure is nobody's.
  response.catch(() => undefined);
  pending.set(key, { at: Date.now(), response });
}

/** The early answer to exactly this request, once and while fresh; otherwise undefined. */
export function takeEarlyResponse(key: string): Promise<Response> | undefined {
  const early = pending.get(key);
  if (!early) return undefined;
  pending.delete(key);
  return Date.now() - early.at > EARLY_RESPONSE_TTL_MS ? undefined : early.response;
}

/** Drops every early answer (a new sign-in, a sign-out). */
export function forgetEarlyResponses(): void {
  pending.clear();
}
