/** The local error log: masking, the entry shape, repeats, the cap, clean. */
import { beforeEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { accessTokenAtom, userContextAtom } from '../session/atoms.ts';
import { componentOf } from './capture.ts';
import dayjs from 'dayjs';
import { clearErrorLog, errorLogAtom, logTime, MAX_ENTRIES, pushErrorLog } from './error-log-store.ts';
import { maskSecrets, maskToken } from './mask-secrets.ts';

const TOKEN = 'Zx9_QwErTy-1234567890abcdefghijklmnopqrstu';

describe('error log', () => {
  let store: ReturnType<typeof createStore>;
  beforeEach(() => {
    localStorage.clear();
    store = createStore();
    store.set(accessTokenAtom, TOKEN);
    store.set(userContextAtom, { user: { id: 'u1', account: 'admin' } } as never);
    clearErrorLog(store);
  });

  it('masks the session token, token parameters and bearer headers', () => {
    expect(maskSecrets(`failed /fldFile/preview?attachmentId=1&access_token=${TOKEN}&tenantId=t`)).toBe(
      'failed /fldFile/preview?attachmentId=1&access_token=***&tenantId=t',
    );
    expect(maskSecrets(`Authorization: Bearer ${TOKEN}`)).toBe('Authorization: Bearer ***');
    expect(maskSecrets(`token is ${TOKEN}`, [TOKEN])).toBe('token is ***');
    expect(maskToken(TOKEN)).toBe(`***${TOKEN.slice(-4)}`);
    expect(maskToken(null)).toBeUndefined();
  });

  it('records {message, type, time, meta: user, uuid, token (masked), url}', () => {
    const entry = pushErrorLog(
      { message: `boom ${TOKEN}`, type: 'error', url: `http://x/a?access_token=${TOKEN}` },
      store,
    )!;
    expect(entry).toMatchObject({
      message: 'boom ***',
      type: 'error',
      meta: { user: 'admin', url: 'http://x/a?access_token=***' },
    });
    expect(entry.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(entry.meta.uuid).toBeTruthy();
    expect(entry.meta.token).toBe(`***${TOKEN.slice(-4)}`);
    expect(JSON.stringify(store.get(errorLogAtom))).not.toContain(TOKEN);
    expect(localStorage.getItem('mf.errorLog')).not.toContain(TOKEN);
  });

  it('drops an immediate repeat, keeps the newest 100, and cleans', () => {
    pushErrorLog({ message: 'same', type: 'error', url: 'u' }, store);
    expect(pushErrorLog({ message: 'same', type: 'error', url: 'u' }, store)).toBeUndefined();
    for (let i = 0; i < MAX_ENTRIES + 5; i++)
      pushErrorLog({ message: `e${i}`, type: 'promise', url: 'u' }, store);
    const entries = store.get(errorLogAtom);
    expect(entries).toHaveLength(MAX_ENTRIES);
    expect(entries[0].message).toBe(`e${MAX_ENTRIES + 4}`);
    clearErrorLog(store);
    expect(store.get(errorLogAtom)).toEqual([]);
    expect(localStorage.getItem('mf.errorLog')).toBe('[]');
  });

  it('writes the time as dayjs wrote it: YYYY-MM-DD HH:mm:ss in local time', () => {
    for (const ms of [
      0,
      Date.UTC(2024, 1, 29, 23, 5, 9),
      Date.UTC(2026, 11, 31, 16, 59, 59, 999),
      Date.now(),
    ])
      expect(logTime(ms)).toBe(dayjs(ms).format('YYYY-MM-DD HH:mm:ss'));
  });

  it('names the innermost component of a React component stack', () => {
    expect(componentOf('\n    at EmployeeList (http://x/a.js:1:2)\n    at div')).toBe('EmployeeList');
    expect(componentOf(undefined)).toBeUndefined();
  });
});
