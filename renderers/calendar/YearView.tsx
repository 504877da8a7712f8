/**
 * Twelve month grids of one year (weeks from Monday): each entry's day in its category's colour with its
 * name as the title, other weekends greyed, today outlined. Clicking a day opens what may be done with
 * it: the entry's actions when it has one, else the day's (add it).
 */
import { useMemo, type CSSProperties } from 'react';
import { Popover, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '../actions/ActionButtons.tsx';
import { useDesignToken } from '../environment/use-design-token.ts';
import type { CalendarScreenDefinition } from './calendar-types.ts';
import { categoryStyle } from './category-style.ts';
import { yearGrid, type DayCell } from './year-grid.ts';

type Row = Record<string, unknown>;

export interface YearViewProps {
  screen: CalendarScreenDefinition;
  year: number;
  entries: Map<string, Row>;
  selected: string | null;
  onSelect(date: string | null): void;
  refresh(): void;
}

export function YearView({ screen, year, entries, selected, onSelect, refresh }: YearViewProps) {
  const { t } = useTranslation();
  const token = useDesignToken();
  const months = useMemo(() => yearGrid(year), [year]);
  const today = dayjs().format('YYYY-MM-DD');
  const dateField = screen.dateField ?? 'date';
  const labelField = screen.labelField ?? 'name';
  const categoryOf = (entry: Row | undefined) =>
    entry && screen.categoryField
      ? screen.categories?.find((c) => c.value === entry[screen.categoryField!])
      : undefined;
  // Monday first, in the language's own short names (1 Jan 2024 was a Monday).
  const weekdays = Array.from({ length: 7 }, (_, i) => dayjs('2024-01-01').add(i, 'day').format('dd'));

  const monthTitle = (month: number) => t(`calendarView.month.${month}`);

  const panel = (cell: DayCell, entry: Row | undefined) => {
    const category = categoryOf(entry);
    const record = entry ? { ...entry, year } : { [dateField]: cell.date, year };
    return (
      <div
        data-testid="calendar-day-panel"
        style={{ display: 'grid', gap: 8, minWidth: 200 }}
        // An action opens its dialog or confirm question over the page: the day's popover closes so it is not
        // left floating above them (the screen reloads when the action is done).
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('button')) onSelect(null);
        }}
      >
        <Typography.Text strong>{cell.date}</Typography.Text>
        {entry ? (
          <span>
            {category ? <Tag color={category.color}>{t(category.label)}</Tag> : null}
            {String(entry[labelField] ?? '')}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('calendarView.noEntry')}</Typography.Text>
        )}
        <ActionButtons
          actions={entry ? screen.entry?.actions : screen.day?.actions}
          input={{ record, refresh }}
        />
      </div>
    );
  };

  const cellStyle = (cell: DayCell, entry: Row | undefined): CSSProperties => ({
    width: '100%',
    aspectRatio: '1 / 1',
    padding: 0,
    font: 'inherit',
    fontSize: token.fontSizeSM,
    cursor: 'pointer',
    borderRadius: token.borderRadiusSM,
    border: `1px solid transparent`,
    background: 'transparent',
    color: token.colorText,
    ...(cell.weekend ? { background: token.colorFillTertiary, color: token.colorTextTertiary } : {}),
    ...(entry ? categoryStyle(token, categoryOf(entry)) : {}),
    ...(cell.date === today ? { outline: `2px solid ${token.colorPrimary}`, outlineOffset: -2 } : {}),
    ...(cell.date === selected ? { boxShadow: `0 0 0 2px ${token.colorPrimaryBorderHover}` } : {}),
  });

  return (
    <div
      data-testid="calendar-year"
      style={{
        display: 'grid',
        gap: token.marginLG,
        gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
      }}
    >
      {months.map((month) => (
        <section key={month.month} aria-label={monthTitle(month.month)}>
          <Typography.Text strong>{monthTitle(month.month)}</Typography.Text>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 2, marginTop: 4 }}>
            {weekdays.map((w, i) => (
              <span
                key={`w${i}`}
                aria-hidden
                style={{ textAlign: 'center', fontSize: token.fontSizeSM, color: token.colorTextSecondary }}
              >
                {w}
              </span>
            ))}
            {Array.from({ length: month.leading }, (_, i) => (
              <span key={`l${i}`} />
            ))}
            {month.days.map((cell) => {
              const entry = entries.get(cell.date);
              const category = categoryOf(entry);
              const name = entry ? String(entry[labelField] ?? '') : '';
              const title = entry
                ? t('calendarView.dayTitle', {
                    date: cell.date,
                    name,
                    category: category ? t(category.label) : '',
                  })
                : cell.date;
              const button = (
                <button
                  type="button"
                  data-date={cell.date}
                  data-category={category?.value}
                  data-weekend={cell.weekend || undefined}
                  data-today={cell.date === today || undefined}
                  title={title}
                  aria-label={title}
                  style={cellStyle(cell, entry)}
                  onClick={() => onSelect(selected === cell.date ? null : cell.date)}
                >
                  {cell.day}
                </button>
              );
              return (
                <span key={cell.date}>
                  {cell.date === selected ? (
                    <Popover
                      open
                      trigger="click"
                      content={panel(cell, entry)}
                      onOpenChange={(open) => !open && onSelect(null)}
                    >
                      {button}
                    </Popover>
                  ) : (
                    button
                  )}
                </span>
              );
            })}
          </div>
        </section>
      ))}
    </div>
  );
}
