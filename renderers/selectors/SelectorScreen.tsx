/**
 * The selector kind: the generic selector dialog (spec §2, §5). A table view (search + paged table)
 * or a tree view (lazy tree), single or multiple choice; confirming with nothing chosen warns and
 * keeps the dialog open; confirming closes it with the chosen rows; an optional clear button closes
 * it with [] ("no value"); cancel closes it with nothing.
 */
import { lazy, Suspense } from 'react';
import { Button, Flex, Space, Spin, Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useScreenContext } from '../screen-context.tsx';
import type { ScreenProps } from '../screen-types.ts';
import { idOf, type Row } from './chosen-rows.ts';
import type { SelectorScreenDefinition } from './selector-types.ts';
import { useChosenRows } from './useChosenRows.ts';
import { useFeedback } from './useFeedback.ts';

// Each view loads on its own: the org picker's tree does not bring the table, form and selects.
const TableChooser = lazy(() => import('./TableChooser.tsx').then((m) => ({ default: m.TableChooser })));
const TreeChooser = lazy(() => import('./TreeChooser.tsx').then((m) => ({ default: m.TreeChooser })));

const loading = (
  <div style={{ padding: 32, textAlign: 'center' }}>
    <Spin />
  </div>
);

/** The chosen rows a dialog opener handed in (params.selected), so they show as chosen. */
function initialRows(selected: unknown): Row[] {
  return Array.isArray(selected) ? selected.filter((r): r is Row => !!r && typeof r === 'object') : [];
}

export default function SelectorScreen(props: ScreenProps<SelectorScreenDefinition>) {
  const { screen } = props;
  const { t } = useTranslation();
  const context = useScreenContext();
  const params = props.params ?? context.params;
  const close = props.close ?? context.close;
  const feedback = useFeedback();
  // Secondary text from the theme (antd's Typography is a large chunk for one grey line).
  const { token } = theme.useToken();
  const view = screen.view ?? 'table';
  const rowKey = screen.rowKey ?? 'id';
  const labelField = screen.labelField ?? 'name';
  const multiple = typeof params.multiple === 'boolean' ? params.multiple : screen.selection === 'multiple';
  const chosen = useChosenRows(rowKey, multiple, initialRows(params.selected));

  const confirm = () =>
    chosen.confirm(
      (rows) => close?.(rows),
      () =>
        feedback.warning(
          t(screen.emptyMessage ?? (view === 'tree' ? 'selector.selectNode' : 'selector.selectRecord')),
        ),
    );
  const pick = (row: Row) => close?.([row]);
  const chooser =
    view === 'tree' ? (
      <TreeChooser screen={screen} chosen={chosen} multiple={multiple} onPick={pick} />
    ) : (
      <TableChooser screen={screen} chosen={chosen} multiple={multiple} onPick={pick} />
    );

  const body = (
    <Flex vertical gap={12} data-testid="selector-screen">
      <Suspense fallback={loading}>{chooser}</Suspense>
      {multiple && (
        <div data-testid="selector-chosen">
          <span style={{ color: token.colorTextSecondary }}>
            {t('selector.chosen', { count: chosen.rows.length })}
          </span>{' '}
          {chosen.rows.map((row) => (
            <Tag key={idOf(row, rowKey)} closable onClose={() => chosen.remove(idOf(row, rowKey))}>
              {String(row[labelField] ?? idOf(row, rowKey))}
            </Tag>
          ))}
        </div>
      )}
      <Flex justify="flex-end">
        <Space>
          {screen.clearable && (
            <Button onClick={() => close?.([])} data-testid="selector-clear">
              {t(screen.clearLabel ?? 'selector.clear')}
            </Button>
          )}
          <Button onClick={() => close?.()}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={confirm} data-testid="selector-confirm">
            {t(screen.confirmLabel ?? 'common.ok')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
  // In a dialog the dialog shows the title.
  // The screen host draws the page frame and title.
  return body;
}
