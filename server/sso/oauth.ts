/**
 * The 'newwebxt' authorization-code login against an external OAuth 2.0 server: the code (with our client
 * credentials, client_secret_post) is exchanged at OAUTH_TOKEN_URL for an access token, which reads the
 * user at OAUTH_USERINFO_URL; the field OAUTH_USERNAME_FIELD (a dot path, default 'username') names the
 * account.
 */
import type { ServerConfig } from '../config.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';

export function oauthConfigured(config: ServerConfig): boolean {
  return Boolean(config.oauthTokenUrl && config.oauthUserinfoUrl && config.oauthClientId);
}

async function readJsonOrForm(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return Object.fromEntries(new URLSearchParams(text));
  }
}

function pick(obj: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      obj,
    );
}

/** Exchanges the code; answers the account name the authorization server vouches for. */
export async function usernameForOAuthCode(
  config: ServerConfig,
  code: string,
  redirectUri?: string,
): Promise<string> {
  if (!config.oauthTokenUrl || !config.oauthUserinfoUrl || !config.oauthClientId)
    throw new ApiError(Code.UNSUPPORTED, 'auth.sso.oauthOff');
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code,
    client_id: config.oauthClientId,
  });
  if (config.oauthClientSecret) form.set('client_secret', config.oauthClientSecret);
  const redirect = config.oauthRedirectUri ?? redirectUri;
  if (redirect) form.set('redirect_uri', redirect);
  let accessToken: unknown;
  let tokenStatus: number;
  try {
    const res = await fetch(config.oauthTokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      signal: AbortSignal.timeout(5000),
    });
    tokenStatus = res.status;
    const body = await readJsonOrForm(res);
    accessToken = body.access_token ?? pick(body, 'data.access_token');
  } catch {
    throw new ApiError(503, 'auth.sso.unavailable');
  }
  if (tokenStatus >= 500) throw new ApiError(503, 'auth.sso.unavailable');
  if (typeof accessToken !== 'string' || !accessToken)
    throw new ApiError(Code.BAD_CREDENTIALS, 'auth.sso.codeInvalid');
  let username: unknown;
  try {
    const res = await fetch(config.oauthUserinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok) throw new ApiError(Code.BAD_CREDENTIALS, 'auth.sso.codeInvalid');
    const body = await readJsonOrForm(res);
    username = pick(body, config.oauthUsernameField);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError(503, 'auth.sso.unavailable');
  }
  if (typeof username !== 'string' || !username)
    throw new ApiError(Code.BAD_CREDENTIALS, 'auth.sso.codeInvalid');
  return username;
}
