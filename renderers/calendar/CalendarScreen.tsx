/**
 * The calendar kind: one year of a date-keyed list (holidays, duty days, closures…) as twelve month grids,
 * with a year switcher, a legend, the screen's toolbar, and the same entries as a table in a second tab.
 * The year comes from the screen's params (`yearParam`), else this year; it is sent to `operation`.
 */
import { useCallback, useMemo, useState } from 'react';
import { Button, Flex, Select, Tabs } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '../actions/ActionButtons.tsx';
import { useDataSource } from '../data-source.tsx';
import { RecordRows } from '../detail/RecordRows.tsx';
import { identityKey, useLoad } from '../environment/use-load.ts';
import { useScreenContext } from '../screen-context.tsx';
import { useScreenLoadFailure } from '../screen-host-context.tsx';
import type { ScreenProps } from '../screen-types.ts';
import type { CalendarScreenDefinition } from './calendar-types.ts';
import { CalendarLegend } from './CalendarLegend.tsx';
import { entriesByDate, rowsOfAnswer } from './year-grid.ts';
import { YearView } from './YearView.tsx';

export default function CalendarScreen(props: ScreenProps<CalendarScreenDefinition>) {
  const { screen } = props;
  const { t } = useTranslation();
  const context = useScreenContext();
  const params = props.params ?? context.params;
  const dataSource = useDataSource();
  const yearParam = screen.yearParam ?? 'year';
  const min = screen.years?.min ?? 2000;
  const max = screen.years?.max ?? 2100;
  const given = Number(params?.[yearParam]);
  const [year, setYear] = useState(() =>
    Number.isInteger(given) && given >= min && given <= max ? given : dayjs().year(),
  );
  const [selected, setSelected] = useState<string | null>(null);

  const answer = useLoad(
    `${identityKey(screen, dataSource)}:${year}`,
    (signal) =>
      dataSource(screen.operation, {
        ...(screen.in === 'body' ? { body: { [yearParam]: year } } : { query: { [yearParam]: year } }),
        signal,
      }),
    { keepPrevious: true },
  );
  useScreenLoadFailure(answer.error);
  const rows = useMemo(() => rowsOfAnswer(answer.data, screen.rows), [answer.data, screen.rows]);
  const dateField = screen.dateField ?? 'date';
  const entries = useMemo(() => entriesByDate(rows, dateField), [rows, dateField]);
  const reload = answer.reload;
  const refresh = useCallback(() => {
    setSelected(null);
    reload();
  }, [reload]);
  const goTo = (next: number) => {
    setSelected(null);
    setYear(Math.min(max, Math.max(min, next)));
  };

  const years = useMemo(
    () =>
      Array.from({ length: max - min + 1 }, (_, i) => ({
        value: min + i,
        label: t('calendarView.yearOption', { year: min + i }),
      })),
    [min, max, t],
  );

  const switcher = (
    <Flex align="center" gap={8} data-testid="calendar-year-switcher">
      <Button
        icon={<LeftOutlined />}
        aria-label={t('calendarView.previousYear')}
        title={t('calendarView.previousYear')}
        disabled={year <= min}
        onClick={() => goTo(year - 1)}
      />
      <Select
        aria-label={t('calendarView.year')}
        style={{ width: 120 }}
        value={year}
        options={years}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(value: number) => goTo(value)}
      />
      <Button
        icon={<RightOutlined />}
        aria-label={t('calendarView.nextYear')}
        title={t('calendarView.nextYear')}
        disabled={year >= max}
        onClick={() => goTo(year + 1)}
      />
    </Flex>
  );

  const tabs = [
    {
      key: 'year',
      label: t('calendarView.tabYear'),
      children: (
        <Flex vertical gap={12}>
          <CalendarLegend categories={screen.categories} />
          <YearView
            screen={screen}
            year={year}
            entries={entries}
            selected={selected}
            onSelect={setSelected}
            refresh={refresh}
          />
        </Flex>
      ),
    },
    ...(screen.list
      ? [
          {
            key: 'list',
            label: t('calendarView.tabList'),
            children: (
              <RecordRows
                tab={{
                  title: screen.title,
                  rows: 'entries',
                  columns: screen.list.columns,
                  rowKey: dateField,
                  rowActions: screen.entry?.actions,
                }}
                record={{ entries: rows }}
                refresh={refresh}
              />
            ),
          },
        ]
      : []),
  ];

  // The screen host draws the page frame and title.
  return (
    <Flex vertical gap={12} data-testid="calendar-screen" aria-busy={answer.loading}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        {switcher}
        <ActionButtons actions={screen.toolbar} input={{ record: { year }, refresh }} />
      </Flex>
      <Tabs items={tabs} />
    </Flex>
  );
}
