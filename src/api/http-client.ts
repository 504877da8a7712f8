/**
 * The api client: one ky instance, the service prefix, the session headers, and the envelope rules
 * of spec §8. Everything it depends on is passed in, so tests drive it with a stub fetch.
 */
import ky, { type KyInstance } from 'ky';
import { SERVICE_PREFIX } from '../../schemas/catalogue-types.ts';
import type { OperationMeta } from './generated/operations.ts';
import { ApiCallError, type ApiFailureKind } from './api-call-error.ts';
import { asEnvelope, PASS_THROUGH_STATES, SESSION_ENDING_STATES, State, type Envelope } from './envelope.ts';
import { earlyRequestKey, queryParamsOf, takeEarlyResponse } from './early-calls.ts';
import { describeFailure, statusText, type Translate } from './failure-text.ts';
import type { Notifier } from './notifier.ts';

/** Spec §7 gives 600000 ms in one reading and 300000 ms in another; the longer one fails fewer uploads. */
export const REQUEST_TIMEOUT_MS = 600_000;
/** How long a failure warning stays (spec §8). */
export const WARNING_SECONDS = 5;

export interface ApiAddress {
  /** Base address of the API, e.g. '/api' or 'https://host/api'. */
  baseUrl: string;
  /** Single-app mode: no service prefix in front of the path. */
  singleApp: boolean;
}

export interface SessionHeaders {
  accessToken?: string | null;
  systemId?: string | null;
  tenantId?: string | null;
}

export interface ApiClientDeps {
  address: () => ApiAddress;
  session: () => SessionHeaders;
  language: () => string;
  translate: Translate;
  notifier: Notifier;
  /** Called for token-expired (when no refresh could recover it), illegal-token and other-client states. */
  onSessionEnded: (state: number, envelope: Envelope) => void;
  /** The refresh queue: calls wait while it refreshes; a call answered 6020301 is replayed after it. */
  tokenRecovery?: TokenRecovery;
  /** Told of every successful call (state 200): session side effects of some operations hang on it. */
  onSuccess?: (op: OperationMeta, options: RequestOptions, envelope: Envelope) => void;
  fetch?: typeof fetch;
  timeout?: number;
}

/** What the api client needs from the refresh queue (src/api/refresh-queue.ts). */
export interface TokenRecovery {
  /** Resolves when no refresh is running; calls that carry a token wait for it before they go. */
  idle(): Promise<void>;
  /**
   * After a 6020301 answer to a call sent with `usedToken`: one shared refresh for every caller.
   * True when a fresh token is there and the call should be replayed.
   */
  recover(usedToken: string | null): Promise<boolean>;
}

export interface RequestOptions {
  query?: object;
  body?: unknown;
  /** Do not show the failure to the user; the caller does (e.g. inline on the login page). */
  silent?: boolean;
  /**
   * 'caller': an ended session (illegal token, other client, a refresh that failed) is only reported by
   * the rejection, without the app-wide handling (the "you have been logged out" confirm). For the
   * route guard's own loads and for the refresh call itself.
   */
  sessionEnd?: 'app' | 'caller';
  /** Send no token at all (the refresh call itself: it must never wait for, or replay after, a refresh). */
  anonymous?: boolean;
  /** Aborts the request; an aborted call rejects with the signal's reason and shows nothing. */
  signal?: AbortSignal;
}

export interface ApiClient {
  /** Resolves with the envelope for pass-through states (200, 2, 103, 501); rejects with ApiCallError otherwise. */
  request<T = unknown>(op: OperationMeta, options?: RequestOptions): Promise<Envelope<T>>;
  /** A binary operation (a download): the file; a JSON answer is a failure and goes the envelope's way. */
  download(op: OperationMeta, options?: RequestOptions): Promise<Blob>;
  /**
   * The address a call goes to (base + prefix + path). Never with a token in it: an address a plain
   * <img> or link loads carries a signed link's ticket instead (src/files/file-links.ts).
   */
  urlOf(op: OperationMeta): string;
  /** The headers a call of `op` carries now (language, token, tenant), for requests ky cannot make (upload progress, tus). */
  headersOf(op: OperationMeta): Record<string, string>;
}

/** A random value for GET calls so no cache between us and the server answers them. */
function cacheBuster(): string {
  return `${Date.now()}${Math.random().toString().slice(2, 8)}`;
}

function searchParamsOf(query: object | undefined, isGet: boolean): URLSearchParams | undefined {
  const params = queryParamsOf(query);
  if (isGet) params.set('_t', cacheBuster());
  return [...params.keys()].length ? params : undefined;
}

/** The answer's body: parsed JSON, undefined when it is not JSON, or `CUT_SHORT` when it never arrived whole. */
const CUT_SHORT = Symbol('cut short');
async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    // The connection dropped, the timeout fired or the caller cancelled while the body was arriving.
    return CUT_SHORT;
  }
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  const http: KyInstance = ky.create({
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    timeout: deps.timeout ?? REQUEST_TIMEOUT_MS,
    retry: 0,
    // Failures carry the envelope too; we read it instead of letting ky throw.
    throwHttpErrors: false,
  });

  function urlOf(op: OperationMeta): string {
    const { baseUrl, singleApp } = deps.address();
    const prefix = singleApp ? '' : SERVICE_PREFIX[op.service];
    return `${baseUrl.replace(/\/+$/, '')}${prefix}${op.path}`;
  }

  function headersFor(op: OperationMeta, anonymous: boolean): Record<string, string> {
    const headers: Record<string, string> = { 'Accept-Language': deps.language() };
    if (anonymous) return headers;
    const { accessToken, systemId, tenantId } = deps.session();
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    // Whitelisted (public) calls work signed out; signed in, some need the token (the server reads it
    // leniently): authorize/apply, the change-mobile SMS. Tenant and subsystem only go with the others.
    if (op.access === 'public') return headers;
    if (systemId) headers['X-System-Id'] = systemId;
    if (tenantId) headers['X-Tenant-Id'] = tenantId;
    return headers;
  }

  function fail(
    init: {
      kind: ApiFailureKind;
      text: string;
      url: string;
      state?: number;
      status?: number;
      envelope?: Envelope;
    },
    show: 'warning' | 'error' | 'none',
  ): never {
    if (show !== 'none') deps.notifier[show](init.text, WARNING_SECONDS);
    throw new ApiCallError(init);
  }

  async function request<T>(
    op: OperationMeta,
    options: RequestOptions = {},
    replayed = false,
    binary = false,
  ): Promise<Envelope<T> | Blob> {
    const url = urlOf(op);
    const isGet = op.method === 'GET';
    const quiet = options.silent === true;
    const anonymous = options.anonymous === true;
    const recovery = anonymous ? undefined : deps.tokenRecovery;
    // While the token is being refreshed, a call with the old one would only fail: wait for the new one.
    // (Public calls go at once: signing in must not wait for a refresh.)
    if (recovery && op.access !== 'public') await recovery.idle();
    const headers = headersFor(op, anonymous);
    const usedToken = headers.Authorization ? headers.Authorization.slice('Bearer '.length) : null;
    const searchParams = searchParamsOf(options.query, isGet);
    const jsonBody =
      !isGet && options.body !== undefined && !(options.body instanceof FormData)
        ? JSON.stringify(options.body)
        : undefined;
    // A request the page's start sent already (early-calls.ts): its answer, unless that failed.
    const early =
      !binary && !(options.body instanceof FormData)
        ? takeEarlyResponse(
            earlyRequestKey({
              method: op.method,
              url,
              params: searchParams,
              body: jsonBody,
              token: usedToken,
              systemId: headers['X-System-Id'] ?? null,
              language: headers['Accept-Language'],
            }),
          )
        : undefined;
    const send = () =>
      http(url, {
        method: op.method,
        headers,
        searchParams,
        // A FormData body (an upload) goes as multipart with the browser's boundary; anything else as JSON.
        ...(!isGet && options.body !== undefined
          ? options.body instanceof FormData
            ? { body: options.body }
            : { json: options.body }
          : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    let response: Response;
    try {
      // An early answer that failed (no response at all) is asked for again, as the caller would.
      response = (await early?.catch(() => undefined)) ?? (await send());
    } catch (error) {
      // Cancelled by the caller (it unmounted): nothing to show, the caller no longer listens.
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      // No response at all: offline, refused, timed out.
      return fail(
        { kind: 'network', text: deps.translate('http.networkBusy'), url },
        quiet ? 'none' : 'error',
      );
    }

    const status = response.status;
    if (binary && response.ok && !(response.headers.get('content-type') ?? '').includes('application/json'))
      return response.blob();
    const body = await readBody(response);
    if (body === CUT_SHORT) {
      // As with no response at all: the caller that cancelled hears nothing; otherwise the network failed.
      if (options.signal?.aborted) throw options.signal.reason ?? new DOMException('aborted', 'AbortError');
      return fail(
        { kind: 'network', text: deps.translate('http.networkBusy'), url },
        quiet ? 'none' : 'error',
      );
    }
    const envelope = asEnvelope(body);
    if (!envelope) {
      if (!response.ok) {
        const text =
          statusText(status, deps.translate) ?? deps.translate('http.unknownError', { state: status });
        return fail({ kind: 'http', text, url, status }, quiet ? 'none' : 'warning');
      }
      return fail(
        { kind: 'noState', text: deps.translate('http.noState', { url }), url, status },
        quiet ? 'none' : 'error',
      );
    }

    if (PASS_THROUGH_STATES.has(envelope.state)) {
      if (envelope.state === State.SUCCESS) deps.onSuccess?.(op, options, envelope);
      return envelope as Envelope<T>;
    }

    const text = describeFailure(envelope, status, deps.translate);
    if (SESSION_ENDING_STATES.has(envelope.state)) {
      // Token expired: one refresh for all callers, then this call again (once).
      if (envelope.state === State.TOKEN_EXPIRED && recovery && usedToken && !replayed) {
        if (await recovery.recover(usedToken)) return request<T>(op, options, true, binary);
      }
      if (options.sessionEnd !== 'caller') deps.onSessionEnded(envelope.state, envelope);
      return fail({ kind: 'sessionEnded', text, url, status, state: envelope.state, envelope }, 'none');
    }
    return fail(
      { kind: 'state', text, url, status, state: envelope.state, envelope },
      quiet ? 'none' : 'warning',
    );
  }

  return {
    request: <T>(op: OperationMeta, options?: RequestOptions) =>
      request<T>(op, options) as Promise<Envelope<T>>,
    download: async (op, options) => {
      const answer = await request(op, options, false, true);
      if (answer instanceof Blob) return answer;
      // A success envelope where a file was due.
      return fail(
        { kind: 'noState', text: deps.translate('http.noState', { url: urlOf(op) }), url: urlOf(op) },
        'error',
      );
    },
    urlOf,
    headersOf: (op) => headersFor(op, false),
  };
}
