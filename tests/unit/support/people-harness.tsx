/**
 * For the tree, selector and assignment tests: antd in Chinese, the fixture data source, a recording
 * ActionUi (warnings, successes, confirm questions — answered as the test says) and the dialog host.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ActionUi } from '../../../renderers/actions/registry.ts';
import { sessionScopeOf, type SessionScope } from '../../../renderers/actions/session-scope.tsx';
import { loadPermissions } from '../../../schemas/catalogue.ts';
import type { DataSource } from '../../../renderers/data-source.tsx';
import { RendererEnvironmentProvider } from '../../../renderers/environment/RendererEnvironment.tsx';
import { appFacts } from './renderer-environment.ts';
import { DialogHost } from '../../../renderers/dialogs/index.ts';
import {
  createFixtureDataSource,
  type FixtureDataSource,
  type FixtureMap,
} from '../../../renderers/fixtures/index.ts';

export interface RecordingUi extends ActionUi {
  warnings: string[];
  successes: string[];
  errors: string[];
  questions: string[];
  /** What confirm() answers; default yes. */
  answer: boolean;
}

export function recordingUi(): RecordingUi {
  const ui: RecordingUi = {
    warnings: [],
    successes: [],
    errors: [],
    questions: [],
    answer: true,
    confirm: async (text) => {
      ui.questions.push(text);
      return ui.answer;
    },
    success: (text) => void ui.successes.push(text),
    warning: (text) => void ui.warnings.push(text),
    error: (text) => void ui.errors.push(text),
    loading: () => () => undefined,
  };
  return ui;
}

export interface Harness {
  dataSource: FixtureDataSource;
  ui: RecordingUi;
  /** Calls made to one operation, oldest first. */
  callsOf(operation: string): FixtureDataSource['calls'];
}

/**
 * The session of these tests: neither super user nor tenant admin, holding every tenant permission (so
 * every action a permission guards is offered, as to a member whose roles grant them all).
 */
export const PERMITTED_SESSION: SessionScope = {
  ...sessionScopeOf(null),
  permissions: [...loadPermissions()].filter(([, def]) => def.scope === 'tenant').map(([name]) => name),
};

export function renderWithPeople(
  node: ReactNode,
  options: { overrides?: FixtureMap; dataSource?: DataSource; session?: SessionScope } = {},
): Harness & ReturnType<typeof render> {
  const dataSource = createFixtureDataSource({ overrides: options.overrides });
  const ui = recordingUi();
  const environment = {
    ...appFacts,
    call: options.dataSource ?? dataSource,
    session: options.session ?? PERMITTED_SESSION,
    notify: ui,
  };
  const result = render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <RendererEnvironmentProvider value={environment}>
        {node}
        <DialogHost />
      </RendererEnvironmentProvider>
    </ConfigProvider>,
  );
  return {
    ...result,
    dataSource,
    ui,
    callsOf: (operation) => dataSource.calls.filter((c) => c.operation === operation),
  };
}
