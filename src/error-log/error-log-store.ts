/**
 * The local error log (spec §2 'Error log', §8): window errors, unhandled rejections and errors caught
 * by React error boundaries, each {message, type, time, component, meta: {user, uuid, token, url}}.
 * Kept in localStorage (newest 100) so an error before a reload is still there to upload.
 */
import { atom } from 'jotai';
import { accessTokenAtom, userContextAtom } from '../session/atoms.ts';
import { appStore } from '../session/store.ts';
import { maskSecrets, maskToken } from './mask-secrets.ts';

export type ErrorLogType = 'error' | 'promise' | 'react' | 'resource';

export interface ErrorLogEntry {
  id: string;
  message: string;
  type: ErrorLogType;
  /** yyyy-MM-dd HH:mm:ss */
  time: string;
  component?: string;
  meta: {
    user?: string;
    /** This browser tab's session id. */
    uuid: string;
    /** Masked: the last 4 characters only. */
    token?: string;
    url: string;
  };
}

const STORAGE_KEY = 'mf.errorLog';
const SESSION_KEY = 'mf.browserSession';
export const MAX_ENTRIES = 100;
/** The same error firing in a loop (a render loop, a timer) is recorded once per this many ms. */
const REPEAT_WINDOW_MS = 1000;

function readStored(): ErrorLogEntry[] {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(raw)
      ? raw.filter((e): e is ErrorLogEntry => !!e && typeof e === 'object' && typeof e.message === 'string')
      : [];
  } catch {
    return [];
  }
}

export const errorLogAtom = atom<ErrorLogEntry[]>(readStored());

function persist(entries: ErrorLogEntry[]): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(entries));
  } catch {
    // Storage full: the log still lives in memory for this page.
  }
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

export function browserSessionId(): string {
  let id = sessionStorage.getItem(SESSION_KEY);
  if (!id) {
    id = newId();
    sessionStorage.setItem(SESSION_KEY, id);
  }
  return id;
}

let last: { key: string; at: number } | null = null;

/** yyyy-MM-dd HH:mm:ss in local time (without dayjs: this module loads with the login page). */
export function logTime(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export interface ErrorReport {
  message: string;
  type: ErrorLogType;
  component?: string;
  url?: string;
}

/** Adds an entry (masked) and returns it; a repeat of the previous entry within 1 s is dropped. */
export function pushErrorLog(report: ErrorReport, store = appStore): ErrorLogEntry | undefined {
  // The access token is the page's only secret: the refresh token is an HttpOnly cookie it never sees.
  const secrets = [store.get(accessTokenAtom)];
  const url = maskSecrets(report.url ?? window.location.href, secrets);
  const message = maskSecrets(report.message || 'Error', secrets).slice(0, 4000);
  const key = `${report.type}|${message}|${url}`;
  const now = Date.now();
  if (last && last.key === key && now - last.at < REPEAT_WINDOW_MS) return undefined;
  last = { key, at: now };
  const context = store.get(userContextAtom);
  const entry: ErrorLogEntry = {
    id: newId(),
    message,
    type: report.type,
    time: logTime(now),
    ...(report.component ? { component: report.component.slice(0, 500) } : {}),
    meta: {
      user: context?.user.account,
      uuid: browserSessionId(),
      token: maskToken(store.get(accessTokenAtom)),
      url,
    },
  };
  const entries = [entry, ...store.get(errorLogAtom)].slice(0, MAX_ENTRIES);
  store.set(errorLogAtom, entries);
  persist(entries);
  return entry;
}

export function clearErrorLog(store = appStore): void {
  store.set(errorLogAtom, []);
  last = null;
  persist([]);
}
