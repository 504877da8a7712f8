/**
 * The api client: one ky instance, the service prefix, the session headers, and the envelope rules
 * of spec §8. Everything it depends on is passed in, so tests drive it with a stub fetch.
 */
import ky, { type KyInstance } from 'ky';
import { SERVICE_PREFIX } from '../../schemas/catalogue-types.ts';
import type { OperationMeta } from './generated/operations.ts';
import { ApiCallError, type ApiFailureKind } from './api-call-error.ts';
import { asEnvelope, PASS_THROUGH_STATES, SESSION_ENDING_STATES, type Envelope } from './envelope.ts';
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
  /** Called for token-expired, illegal-token and other-client states. */
  onSessionEnded: (state: number, envelope: Envelope) => void;
  fetch?: typeof fetch;
  timeout?: number;
}

export interface RequestOptions {
  query?: object;
  body?: unknown;
  /** Do not show the failure to the user; the caller does (e.g. inline on the login page). */
  silent?: boolean;
}

export interface ApiClient {
  /** Resolves with the envelope for pass-through states (200, 2, 103, 501); rejects with ApiCallError otherwise. */
  request<T = unknown>(op: OperationMeta, options?: RequestOptions): Promise<Envelope<T>>;
  /** The address a call goes to (base + prefix + path). */
  urlOf(op: OperationMeta): string;
}

/** A random value for GET calls so no cache between us and the server answers them. */
function cacheBuster(): string {
  return `${Date.now()}${Math.random().toString().slice(2, 8)}`;
}

function searchParamsOf(query: object | undefined, isGet: boolean): URLSearchParams | undefined {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  if (isGet) params.set('_t', cacheBuster());
  return [...params.keys()].length ? params : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
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

  function headersFor(op: OperationMeta): Record<string, string> {
    const headers: Record<string, string> = { 'Accept-Language': deps.language() };
    // Whitelisted (public) calls go without the session: they must work signed out.
    if (op.access === 'public') return headers;
    const { accessToken, systemId, tenantId } = deps.session();
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
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

  async function request<T>(op: OperationMeta, options: RequestOptions = {}): Promise<Envelope<T>> {
    const url = urlOf(op);
    const isGet = op.method === 'GET';
    const quiet = options.silent === true;
    let response: Response;
    try {
      response = await http(url, {
        method: op.method,
        headers: headersFor(op),
        searchParams: searchParamsOf(options.query, isGet),
        ...(!isGet && options.body !== undefined ? { json: options.body } : {}),
      });
    } catch {
      // No response at all: offline, refused, timed out.
      return fail(
        { kind: 'network', text: deps.translate('http.networkBusy'), url },
        quiet ? 'none' : 'error',
      );
    }

    const status = response.status;
    const envelope = asEnvelope(await readBody(response));
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

    if (PASS_THROUGH_STATES.has(envelope.state)) return envelope as Envelope<T>;

    const text = describeFailure(envelope, status, deps.translate);
    if (SESSION_ENDING_STATES.has(envelope.state)) {
      deps.onSessionEnded(envelope.state, envelope);
      return fail({ kind: 'sessionEnded', text, url, status, state: envelope.state, envelope }, 'none');
    }
    return fail(
      { kind: 'state', text, url, status, state: envelope.state, envelope },
      quiet ? 'none' : 'warning',
    );
  }

  return { request, urlOf };
}
