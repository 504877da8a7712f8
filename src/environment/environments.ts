/**
 * The environments of the base-address switcher (spec §1, §2 'Environment dialog'): configured ones to
 * pick from, or a custom base address with the single-app flag. A deployment lists its environments
 * at build time in VITE_API_ENVIRONMENTS as JSON: [{"name":"测试环境","baseUrl":"https://…/api","singleApp":false}].
 */
import { DEFAULT_API_ADDRESS } from '../api/api-address.ts';
import type { ApiAddress } from '../api/http-client.ts';

export interface Environment extends ApiAddress {
  key: string;
  /** A translation key or a plain name. */
  name: string;
}

/** This server, as single app and with the service prefixes (it answers both). */
const BUILT_IN: Environment[] = [
  { key: 'local', name: 'environment.local', ...DEFAULT_API_ADDRESS },
  {
    key: 'localServices',
    name: 'environment.localServices',
    baseUrl: DEFAULT_API_ADDRESS.baseUrl,
    singleApp: false,
  },
];

export function configuredEnvironments(
  raw: string | undefined = import.meta.env.VITE_API_ENVIRONMENTS as string | undefined,
): Environment[] {
  if (!raw) return BUILT_IN;
  try {
    const list = JSON.parse(raw) as unknown;
    if (!Array.isArray(list)) return BUILT_IN;
    const valid = list
      .filter(
        (e): e is { name: string; baseUrl: string; singleApp?: boolean } =>
          !!e &&
          typeof e.name === 'string' &&
          typeof e.baseUrl === 'string' &&
          validBaseUrl(e.baseUrl) === null,
      )
      .map((e, i) => ({
        key: `configured${i}`,
        name: e.name,
        baseUrl: e.baseUrl.trim(),
        singleApp: e.singleApp !== false,
      }));
    return valid.length ? valid : BUILT_IN;
  } catch {
    return BUILT_IN;
  }
}

/**
 * Why a custom base address cannot be used, as a translation key, or null when it can: it must be a
 * path on this site (/api) or an http(s) address, without spaces, query or fragment.
 */
export function validBaseUrl(value: string): string | null {
  const text = value.trim();
  if (!text) return 'environment.error.required';
  if (/\s/.test(text) || /[?#]/.test(text)) return 'environment.error.invalid';
  if (text.startsWith('/')) return text.startsWith('//') ? 'environment.error.invalid' : null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? null : 'environment.error.invalid';
  } catch {
    return 'environment.error.invalid';
  }
}

/** The base address as stored: no trailing slash. */
export function normaliseBaseUrl(value: string): string {
  const text = value.trim().replace(/\/+$/, '');
  return text || '/';
}

export function sameAddress(a: ApiAddress, b: ApiAddress): boolean {
  return normaliseBaseUrl(a.baseUrl) === normaliseBaseUrl(b.baseUrl) && a.singleApp === b.singleApp;
}
