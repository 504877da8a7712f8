/**
 * The picker and assignment widgets register under the names the form screens use, are listed for
 * the schema check, and their rjsf adapters pass value, onChange and read-only through.
 */
import { useState } from 'react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import widgetNames from '../../renderers/widgets/widget-names.json';
import { registeredWidgets, widgetComponent } from '../../renderers/widgets/registry.ts';
import { SELECTOR_WIDGETS } from '../../renderers/widgets/selector-widgets.ts';
import { setupTestI18n } from './support/i18n.ts';
import { renderWithPeople } from './support/people-harness.tsx';

const NAMES = [
  'orgPicker',
  'userGroupSelector',
  'treePicker',
  'postAssignment',
  'roleAssignment',
  'resourceGrant',
  'alertSettings',
  'peopleSearch',
];

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => cleanup());

// The first render loads the screen kinds and antd parts lazily, which is slow on a busy machine.
describe('selector widgets', { timeout: 20_000 }, () => {
  it('register under the agreed names and are listed in widget-names.json', () => {
    expect(Object.keys(SELECTOR_WIDGETS).sort()).toEqual([...NAMES].sort());
    for (const name of NAMES) {
      expect(registeredWidgets()).toContain(name);
      expect(widgetNames).toContain(name);
    }
  });

  it('load on first use and draw the value through the rjsf adapter', async () => {
    const Widget = widgetComponent('roleAssignment')!;
    function Host() {
      const [value, setValue] = useState<unknown>([{ id: 'r1', name: '申报人', source: 'own' }]);
      const props = {
        id: 'roles',
        value,
        onChange: setValue,
        readonly: true,
        options: {},
        schema: { type: 'array' },
      };
      return <Widget {...(props as unknown as WidgetProps)} />;
    }
    renderWithPeople(<Host />);
    await screen.findByText('申报人', {}, { timeout: 15_000 });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('the tree picker says so when it has no operation', async () => {
    const Widget = widgetComponent('treePicker')!;
    const props = {
      id: 'x',
      value: undefined,
      onChange: () => undefined,
      options: {},
      schema: { type: 'string' },
    };
    render(<Widget {...(props as unknown as WidgetProps)} />);
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('树选择器未配置数据来源（operation）'),
    );
  });
});
