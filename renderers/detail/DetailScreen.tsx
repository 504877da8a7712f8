/**
 * The detail kind's view: labelled read-only fields, tabs of sub-lists or screens about the record,
 * footer actions. All loading is in useDetailController.
 */
import { useMemo } from 'react';
import { Alert, Descriptions, Flex, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '../actions/ActionButtons.tsx';
import { resolveParams } from '../actions/params.ts';
import { useSessionScope } from '../actions/session-scope.tsx';
import { useDataSource } from '../data-source.tsx';
import { evaluateCondition } from '../expression/index.ts';
import { fieldValue as rowField } from '../list/columns.tsx';
import ListScreen from '../list/ListScreen.tsx';
import { NestedScreen, useScreenLoadFailure } from '../screen-host-context.tsx';
import type { ScreenProps } from '../screen-types.ts';
import type { DetailScreenDefinition } from './detail-types.ts';
import { fieldValue } from './field-value.tsx';
import { RecordRows } from './RecordRows.tsx';
import { useDetailController } from './useDetailController.ts';

const NO_PARAMS: Record<string, unknown> = {};

export default function DetailScreen({
  screen,
  params = NO_PARAMS,
  close,
}: ScreenProps<DetailScreenDefinition>) {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const session = useSessionScope();
  const detail = useDetailController({
    operation: screen.operation,
    query: screen.query,
    body: screen.body,
    scope: { session, params },
    dataSource,
  });
  useScreenLoadFailure(detail.error);
  const { record } = detail;
  const scope = useMemo(() => ({ session, params, record }), [session, params, record]);

  if (!record) {
    return detail.error ? (
      <Alert type="warning" showIcon message={t('detail.loadFailed')} data-testid="detail-error" />
    ) : (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    );
  }

  const items = screen.fields
    .filter((field) => evaluateCondition(field.visible, scope, true))
    .map((field) => ({
      key: field.field,
      label: t(field.label),
      span: field.span,
      children: fieldValue(field, rowField(record, field.field), t, detail.refresh) ?? t('detail.empty'),
    }));

  const notices = (screen.notices ?? [])
    .filter((notice) => evaluateCondition(notice.visible, scope, false))
    .map((notice, index) => (
      <Alert
        key={index}
        type={notice.type ?? 'warning'}
        showIcon
        data-testid={notice.testId}
        message={t(
          notice.message,
          notice.params ? (resolveParams(notice.params, scope) as Record<string, unknown>) : undefined,
        )}
      />
    ));

  const tabs = (screen.tabs ?? [])
    .filter((tab) => evaluateCondition(tab.visible, scope, true))
    .map((tab, index) => ({
      key: String(index),
      label: t(tab.title),
      children: tab.rows ? (
        <RecordRows tab={tab} record={record} refresh={detail.refresh} />
      ) : tab.list ? (
        <ListScreen
          name={`${screen.title ?? 'detail'}#${index}`}
          screen={tab.list}
          params={params}
          frame="embedded"
          record={record}
          onChanged={detail.refresh}
        />
      ) : (
        <NestedScreen
          name={tab.screen!}
          params={(tab.params ? resolveParams(tab.params, scope) : params) as Record<string, unknown>}
          frame="embedded"
        />
      ),
    }));

  const body = (
    <Flex vertical gap={16} data-testid="detail-screen">
      {notices}
      <Descriptions bordered size="small" column={screen.columns ?? 2} items={items} />
      {tabs.length ? <Tabs items={tabs} /> : null}
      {screen.actions?.length ? (
        <ActionButtons
          actions={screen.actions}
          variant="footer"
          input={{ record, refresh: detail.refresh, close }}
        />
      ) : null}
    </Flex>
  );
  // The screen host draws the page frame and title.
  return body;
}
