/**
 * The screen host's not-permitted state: a screen whose permission the session lacks (declared in the
 * screen, else the catalogue's permission of its load operation) shows it and makes no call; a load the
 * server refuses for want of a permission shows the same; any other failure does not.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureDataSource, type FixtureDataSource } from '../../renderers/fixtures/index.ts';
import { ScreenFixtures, STAFF_SESSION, SUPER_SESSION } from '../../renderers/fixtures/ScreenFixtures.tsx';
import type { RendererEnvironment, SessionScope } from '../../renderers/environment/environment-types.ts';
import { isPermissionRefusal } from '../../renderers/environment/call-failure.ts';
import { sessionCan } from '../../renderers/environment/RendererEnvironment.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { screenPermission } from '../../renderers/screen-permission.ts';
import type { ScreenDefinition } from '../../renderers/screen-types.ts';
import { ApiCallError } from '../../src/api/api-call-error.ts';
import { operations } from '../../src/api/generated/operations.ts';
import { appFacts } from './support/renderer-environment.ts';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => cleanup());

const permissionOf = (id: string) =>
  id in operations ? operations[id as keyof typeof operations].permission : undefined;
const ENVIRONMENT: Partial<RendererEnvironment> = { ...appFacts, permissionOf };

const LOG_READER: SessionScope = { ...STAFF_SESSION, permissions: ['log:read'] };

/** The login log list (its operation log.login.query needs log:read). */
const LOGIN_LOG: ScreenDefinition = {
  kind: 'list',
  title: 'audit.login.title',
  operation: 'log.login.query',
  rowKey: 'id',
  columns: [{ field: 'account', title: 'audit.field.account' }],
};

const refusal = (reason: string) =>
  new ApiCallError({
    kind: 'state',
    text: '没有访问权限',
    url: '/api/log/login/query',
    state: 6010104,
    envelope: { state: 6010104, message: '没有访问权限', cause: { reason, permission: 'log:read' } } as never,
  });

function open(definition: ScreenDefinition, session: SessionScope, dataSource: FixtureDataSource) {
  return render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={dataSource} session={session} environment={ENVIRONMENT}>
        <ScreenRenderer name="host-test" screen={definition} />
      </ScreenFixtures>
    </ConfigProvider>,
  );
}

const answering = (rows: unknown[]) =>
  createFixtureDataSource({
    overrides: {
      'log.login.query': () => ({ dataResult: rows, pageResult: { totalCount: rows.length } }),
    },
  });

describe('screen permission', () => {
  it("is the screen's own, else its load operation's, from the catalogue", () => {
    expect(screenPermission(LOGIN_LOG, permissionOf)).toBe('log:read');
    expect(screenPermission({ ...LOGIN_LOG, permission: 'tenant:read' }, permissionOf)).toBe('tenant:read');
    expect(screenPermission({ kind: 'form', load: { operation: 'employee.get' } }, permissionOf)).toBe(
      'member',
    );
    expect(screenPermission({ kind: 'wizard' }, permissionOf)).toBeUndefined();
  });

  it('reserved levels pass; a named permission must be held (the super user holds all)', () => {
    expect(sessionCan(STAFF_SESSION, 'member')).toBe(true);
    expect(sessionCan(STAFF_SESSION, 'log:read')).toBe(false);
    expect(sessionCan(LOG_READER, 'log:read')).toBe(true);
    expect(sessionCan(SUPER_SESSION, 'log:read')).toBe(true);
  });

  it('tells a permission refusal from other failures', () => {
    expect(isPermissionRefusal(refusal('permission'))).toBe(true);
    expect(isPermissionRefusal(refusal('passwordChange'))).toBe(false);
    expect(isPermissionRefusal(new ApiCallError({ kind: 'state', text: 'x', url: '/', state: 500 }))).toBe(
      false,
    );
    expect(isPermissionRefusal(new Error('boom'))).toBe(false);
  });
});

describe('the screen host', () => {
  it('shows not permitted, with the title, and makes no call when the session lacks the permission', async () => {
    const dataSource = answering([{ id: '1', account: 'zhangsan' }]);
    open(LOGIN_LOG, STAFF_SESSION, dataSource);
    const state = await screen.findByTestId('screen-not-permitted');
    expect(state.textContent).toContain('没有访问权限');
    expect(screen.getByRole('heading', { name: '登录日志' })).toBeTruthy();
    expect(dataSource.calls).toEqual([]);
  });

  it('checks a permission the screen declares itself', async () => {
    const dataSource = answering([]);
    open({ ...LOGIN_LOG, permission: 'tenant:read' }, LOG_READER, dataSource);
    await screen.findByTestId('screen-not-permitted');
    expect(dataSource.calls).toEqual([]);
  });

  it('draws the screen for a session holding the permission', async () => {
    const dataSource = answering([{ id: '1', account: 'zhangsan' }]);
    open(LOGIN_LOG, LOG_READER, dataSource);
    await screen.findByText('zhangsan', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('screen-not-permitted')).toBeNull();
    expect(dataSource.calls.map((c) => c.operation)).toEqual(['log.login.query']);
  }, 20_000);

  it('shows not permitted when the server refuses the load for want of a permission', async () => {
    const dataSource = createFixtureDataSource({
      overrides: {
        'log.login.query': () => {
          throw refusal('permission');
        },
      },
    });
    open(LOGIN_LOG, LOG_READER, dataSource);
    await screen.findByTestId('screen-not-permitted', {}, { timeout: 10_000 });
    expect(dataSource.calls.map((c) => c.operation)).toEqual(['log.login.query']);
  }, 20_000);

  it('keeps the screen for any other failure of its load', async () => {
    const dataSource = createFixtureDataSource({
      overrides: {
        'log.login.query': () => {
          throw refusal('passwordChange');
        },
      },
    });
    open(LOGIN_LOG, LOG_READER, dataSource);
    // The list is drawn, empty, once the failed load has settled.
    await screen.findAllByText('暂无数据', {}, { timeout: 10_000 });
    expect(dataSource.calls.length).toBe(1);
    expect(screen.queryByTestId('screen-not-permitted')).toBeNull();
  }, 20_000);
});
