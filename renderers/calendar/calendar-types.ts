/** The calendar kind's screen file (schemas/meta/screen-kinds/calendar.schema.json is the authority). */
import type { ActionDefinition } from '../actions/registry.ts';
import type { ListColumn } from '../list/list-types.ts';
import type { ScreenDefinition } from '../screen-types.ts';

export interface CalendarCategory {
  value: string;
  /** Translation key of the legend and of the day's tag. */
  label: string;
  /** An antd preset colour (red, blue, gold…). */
  color?: string;
}

export interface CalendarScreenDefinition extends ScreenDefinition {
  kind: 'calendar';
  title: string;
  /** Reads one year's entries: `{[yearParam]: year}` in the query (or the body). */
  operation: string;
  yearParam?: string;
  in?: 'query' | 'body';
  /** Where the entries are in the answer (default: the answer when a list, else `rows`). */
  rows?: string;
  dateField?: string;
  labelField?: string;
  categoryField?: string;
  categories?: CalendarCategory[];
  /** The years the switcher offers (default 2000–2100). */
  years?: { min?: number; max?: number };
  /** Buttons above the calendar; they see `record` = { year }. */
  toolbar?: ActionDefinition[];
  /** Offered when a day without an entry is clicked: `record` = { date, year } under `dateField`. */
  day?: { actions?: ActionDefinition[] };
  /** Offered when a day with an entry is clicked: `record` = the entry. */
  entry?: { actions?: ActionDefinition[] };
  /** The entries as text in a second tab: the list kind's columns; entry actions per row. */
  list?: { columns: ListColumn[] };
}
