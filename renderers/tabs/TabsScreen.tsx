/**
 * The tabs kind's view: one tab per screen (all drawn at once, so every form can be checked), an ⓘ
 * tooltip where a tab has one, and one footer whose save validates every tab (useTabsController).
 * Save is hidden when the screen is read-only.
 */
import { Spin, Tabs, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../form/FormFooter.tsx';
import { FormHostContext } from '../form/form-host.ts';
import { NestedScreen, useScreenLoadFailure } from '../screen-host-context.tsx';
import type { ScreenProps } from '../screen-types.ts';
import { ScreenErrorPanel } from '../ScreenErrorPanel.tsx';
import type { TabsScreenDefinition } from './tabs-types.ts';
import { useTabsController } from './useTabsController.ts';

const NO_PARAMS: Record<string, unknown> = {};

export default function TabsScreen({
  name,
  screen,
  params = NO_PARAMS,
  frame = 'page',
  close,
}: ScreenProps<TabsScreenDefinition>) {
  const { t } = useTranslation();
  const tabs = useTabsController(screen, params, close);
  useScreenLoadFailure(tabs.failure);

  if (tabs.failure) return <ScreenErrorPanel error={tabs.failure} />;
  if (tabs.loading) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }

  const content = (
    <div data-testid={`tabs-${name}`} data-mode={tabs.mode}>
      <Tabs
        activeKey={tabs.activeKey}
        onChange={tabs.setActiveKey}
        items={tabs.tabs.map((tab) => ({
          key: tab.key,
          forceRender: true,
          label: (
            <span data-testid={`tab-${tab.key}`}>
              {t(tab.title)}
              {tab.tooltip ? (
                <Tooltip title={t(tab.tooltip)}>
                  <QuestionCircleOutlined style={{ marginInlineStart: 4 }} aria-label={t(tab.tooltip)} />
                </Tooltip>
              ) : null}
            </span>
          ),
          children: (
            <FormHostContext.Provider value={tabs.hostOf(tab.key)}>
              <NestedScreen name={tab.screen} params={tabs.paramsOf(tab.key)} frame="embedded" />
            </FormHostContext.Provider>
          ),
        }))}
      />
      <FormFooter
        submit={screen.submit}
        buttons={screen.buttons}
        showCancel={Boolean(close) && screen.cancel !== false}
        mode={tabs.mode}
        scope={tabs.scope}
        saving={tabs.saving}
        onSubmit={tabs.submit}
        actionInput={() => ({ form: tabs.values(), record: tabs.record })}
        close={close}
        sticky={frame === 'dialog'}
      />
    </div>
  );
  // The screen host draws the page frame and title.
  return content;
}
