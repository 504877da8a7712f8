/**
 * Published screens over the files in the browser (renderers/screen-overrides.ts, issue 26): a published
 * version is drawn instead of the file once a session exists; it is read again only when older than 30 s
 * or after a pushed event, and afresh for another session; a version that cannot be drawn gives way to the
 * last good one, else the file, with a notice; a read that fails or hangs keeps what there was.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../renderers/kinds.ts';
import { loadScreen } from '../../renderers/screen-loader.ts';
import {
  expireScreenOverrides,
  installScreenOverrides,
  MAX_AGE_MS,
  screenOverrideNotice,
  screenOverridesRevision,
  WAIT_MS,
  withOverride,
  type EffectiveScreens,
} from '../../renderers/screen-overrides.ts';
import type { ScreenDefinition } from '../../renderers/screen-types.ts';
import { isOperationId } from '../../src/api/call.ts';

const FILE: ScreenDefinition = { kind: 'list', title: 'employee.list.title', operation: 'employee.query' };
const V = (version: number, extra: Record<string, unknown> = {}) => ({
  name: 'employee-list',
  scope: 'platform',
  version,
  content: { ...FILE, columns: [{ field: 'name', title: 'employee.field.name' }], v: version, ...extra },
});

/** A source answering what `answers` holds at each read, for the session `key` holds. */
function installed(
  answers: { current: EffectiveScreens | Error },
  key = { current: 'u1|t1' as string | null },
) {
  const load = vi.fn(async () => {
    if (answers.current instanceof Error) throw answers.current;
    return structuredClone(answers.current);
  });
  installScreenOverrides({ load, sessionKey: () => key.current, isOperation: isOperationId });
  return load;
}

const open = (name = 'employee-list') => withOverride(name, Promise.resolve(FILE));
const versionOf = async (name?: string) => ((await open(name)) as { v?: number }).v ?? 0;

let now = 1_000_000;
beforeEach(() => {
  vi.spyOn(Date, 'now').mockImplementation(() => now);
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  // The module is shared by every test file of the worker: leave it as the app leaves it without a session.
  installScreenOverrides(null);
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('published screens', () => {
  it('without a source, or signed out, is the file itself', async () => {
    const file = Promise.resolve(FILE);
    expect(withOverride('employee-list', file)).toBe(file);
    const load = installed({ current: { revision: 'r1', screens: [V(1)] } }, { current: null });
    expect(await open()).toBe(FILE);
    expect(load).not.toHaveBeenCalled();
  });

  it('draws the published version, read once per 30 s, again after a pushed event', async () => {
    const answers = { current: { revision: 'r1', screens: [V(1)] } as EffectiveScreens };
    const load = installed(answers);
    expect(await versionOf()).toBe(1);
    expect(screenOverridesRevision()).toBe('r1');
    expect(await versionOf('tenant-list')).toBe(0);
    answers.current = { revision: 'r2', screens: [V(2)] };
    now += MAX_AGE_MS - 1;
    expect(await versionOf()).toBe(1);
    expect(load).toHaveBeenCalledTimes(1);
    now += 1;
    expect(await versionOf()).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
    answers.current = { revision: 'r3', screens: [V(3)] };
    expireScreenOverrides();
    expect(await versionOf()).toBe(3);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('reads afresh for another account or tenant, and forgets the last one’s', async () => {
    const key = { current: 'u1|t1' as string | null };
    const answers = { current: { revision: 'r1', screens: [V(1)] } as EffectiveScreens };
    const load = installed(answers, key);
    expect(await versionOf()).toBe(1);
    key.current = 'u1|t2';
    answers.current = { revision: 'r0', screens: [] };
    expect(await versionOf()).toBe(0);
    expect(load).toHaveBeenCalledTimes(2);
    key.current = null;
    expect(await versionOf()).toBe(0);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('falls back to the file, then to the last good version, with a notice, when a version cannot be drawn', async () => {
    const answers = {
      current: { revision: 'r1', screens: [V(1, { operation: 'employee.qeury' })] } as EffectiveScreens,
    };
    installed(answers);
    expect(await open()).toBe(FILE);
    expect(screenOverrideNotice('employee-list')).toMatchObject({ version: 1, shownVersion: 0 });
    expect(screenOverrideNotice('employee-list')?.detail).toContain('employee.qeury');

    answers.current = { revision: 'r2', screens: [V(2)] };
    expireScreenOverrides();
    expect(await versionOf()).toBe(2);
    expect(screenOverrideNotice('employee-list')).toBeUndefined();

    for (const [version, broken] of [
      [3, { toolbar: [{ type: 'refresh', label: 'action.refresh', visible: 'record.status ==' }] }],
      [4, { kind: 42 }],
      [5, { kind: 'kanban' }],
    ] as const) {
      answers.current = { revision: `r${version}`, screens: [V(version, broken)] };
      expireScreenOverrides();
      expect(await versionOf(), `version ${version}`).toBe(2);
      expect(screenOverrideNotice('employee-list'), `version ${version}`).toMatchObject({
        version,
        shownVersion: 2,
      });
    }
    answers.current = { revision: 'r6', screens: [{ ...V(6), content: ['not', 'a', 'screen'] }] };
    expireScreenOverrides();
    expect(await versionOf()).toBe(2);
    expect(screenOverrideNotice('employee-list')).toMatchObject({ version: 6, detail: 'not an object' });
  });

  it('keeps what it read when a read fails, and opens the screen anyway when a read hangs', async () => {
    const answers = { current: { revision: 'r1', screens: [V(1)] } as EffectiveScreens | Error };
    const load = installed(answers);
    expect(await versionOf()).toBe(1);
    answers.current = new Error('network');
    expireScreenOverrides();
    expect(await versionOf()).toBe(1);
    expect(screenOverrideNotice('employee-list')).toBeUndefined();
    // Tried again a few seconds later, not at every open.
    expect(await versionOf()).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);

    vi.useFakeTimers();
    let answer!: (value: EffectiveScreens) => void;
    installScreenOverrides({
      load: () => new Promise<EffectiveScreens>((resolve) => (answer = resolve)),
      sessionKey: () => 'u1|t1',
    });
    const opening = open();
    await vi.advanceTimersByTimeAsync(WAIT_MS);
    expect(await opening).toBe(FILE);
    answer({ revision: 'r2', screens: [V(2)] });
    expect(await versionOf()).toBe(2);
  });

  it('is what loadScreen gives, over the built file', async () => {
    installed({ current: { revision: 'r1', screens: [V(7)] } });
    expect(await loadScreen('employee-list')).toMatchObject({ v: 7, kind: 'list' });
    expect(await loadScreen('tenant-list')).toMatchObject({ kind: 'list', operation: 'saas.tenant.query' });
    installScreenOverrides(null);
    expect(await loadScreen('employee-list')).not.toHaveProperty('v');
  });
});
