/**
 * The refresh token as a cookie, out of reach of page scripts. Every answer that issues a token pair (the
 * operations answering the `token` entity: sign-ins, refresh, acting and its exit) sets it as
 * `mf_refresh`: HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure
 * when the request came over HTTPS, and scoped to the refresh call's two addresses (single-app and with
 * the oauth2 prefix), so no other call carries it. A refresh reads it from there; `user.logout` clears it.
 *
 * A browser's request never gets the refresh token in the body either: browsers send `Origin` or
 * `Sec-Fetch-Site` with these calls, and no page script can remove them (forbidden header names), so a
 * script on the page cannot obtain the refresh token, whatever it calls. Other clients (scripts,
 * server-to-server, the tests' Node fetch) send neither and still get `refresh_token` in the body and may
 * present it in the body, as the spec's token flow has it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVICE_PREFIX } from '../../schemas/catalogue-types.ts';
import type { Operation } from '../../schemas/catalogue.ts';
import type { ServerConfig } from '../config.ts';

export const REFRESH_COOKIE = 'mf_refresh';
const REFRESH_PATH = '/authentication/apply';

/** Where the refresh call lives: without and with the service prefix (the client may use either). */
export function refreshCookiePaths(config: Pick<ServerConfig, 'apiBase'>): string[] {
  return [`${config.apiBase}${REFRESH_PATH}`, `${config.apiBase}${SERVICE_PREFIX.oauth2}${REFRESH_PATH}`];
}

/** Whether an operation answers a token pair (the `token` entity). */
export function issuesTokens(op: Pick<Operation, 'response'>): boolean {
  return (op.response as { $ref?: unknown } | undefined)?.$ref === 'token';
}

/** A request a browser made (fetch, XHR, navigation): it carries headers a page script cannot drop. */
export function fromBrowser(req: FastifyRequest): boolean {
  return req.headers['sec-fetch-site'] !== undefined || req.headers.origin !== undefined;
}

function cookieLine(req: FastifyRequest, path: string, value: string, maxAge: number): string {
  const parts = [
    `${REFRESH_COOKIE}=${value}`,
    `Path=${path}`,
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (req.protocol === 'https') parts.push('Secure');
  return parts.join('; ');
}

function addCookies(reply: FastifyReply, lines: string[]): void {
  const before = reply.getHeader('set-cookie');
  const kept = before === undefined ? [] : Array.isArray(before) ? before.map(String) : [String(before)];
  reply.header('set-cookie', [...kept, ...lines]);
}

export function setRefreshCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Pick<ServerConfig, 'apiBase' | 'refreshTokenTtl' | 'sessionMaxAge'>,
  refreshToken: string,
): void {
  // The server decides when the token ends (its row); the cookie only has to last as long.
  const maxAge = Math.min(config.refreshTokenTtl, config.sessionMaxAge);
  addCookies(
    reply,
    refreshCookiePaths(config).map((path) => cookieLine(req, path, refreshToken, maxAge)),
  );
}

export function clearRefreshCookie(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Pick<ServerConfig, 'apiBase'>,
): void {
  addCookies(
    reply,
    refreshCookiePaths(config).map((path) => cookieLine(req, path, '', 0)),
  );
}

/** The refresh token of the request's cookie, if it has one. */
export function refreshTokenFromCookie(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== REFRESH_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value) return value;
  }
  return undefined;
}

/**
 * Hands an issued token pair over: the refresh token as the cookie, and in the body only for a client that
 * is not a browser. Anything else passes unchanged.
 */
export function deliverTokens(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Pick<ServerConfig, 'apiBase' | 'refreshTokenTtl' | 'sessionMaxAge'>,
  data: unknown,
): unknown {
  if (!data || typeof data !== 'object') return data;
  const refresh = (data as { refresh_token?: unknown }).refresh_token;
  if (typeof refresh !== 'string' || !refresh) return data;
  setRefreshCookie(req, reply, config, refresh);
  if (!fromBrowser(req)) return data;
  const rest: Record<string, unknown> = { ...(data as Record<string, unknown>) };
  delete rest.refresh_token;
  return rest;
}
