/**
 * For the tree, selector and assignment tests: antd in Chinese, the fixture data source, a recording
 * ActionUi (warnings, successes, confirm questions — answered as the test says) and the dialog host.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { ActionUiContext } from '../../../renderers/actions/action-ui.ts';
import type { ActionUi } from '../../../renderers/actions/registry.ts';
import { DataSourceContext, type DataSource } from '../../../renderers/data-source.tsx';
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

export function renderWithPeople(
  node: ReactNode,
  options: { overrides?: FixtureMap; dataSource?: DataSource } = {},
): Harness & ReturnType<typeof render> {
  const dataSource = createFixtureDataSource({ overrides: options.overrides });
  const ui = recordingUi();
  const result = render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <DataSourceContext.Provider value={options.dataSource ?? dataSource}>
        <ActionUiContext.Provider value={ui}>
          {node}
          <DialogHost />
        </ActionUiContext.Provider>
      </DataSourceContext.Provider>
    </ConfigProvider>,
  );
  return {
    ...result,
    dataSource,
    ui,
    callsOf: (operation) => dataSource.calls.filter((c) => c.operation === operation),
  };
}
