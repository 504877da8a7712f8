/**
 * Cell formatters named by a column's `formatter`. A new formatter is one entry in this table and
 * one value in the screen meta-schema.
 */
import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { ColumnFormatterName, ListColumn } from './list-types.ts';

export type CellFormatter = (value: unknown, column: ListColumn, t: TFunction) => ReactNode;

/** Spec §9: text truncation at 12 characters. */
export const TRUNCATE_LENGTH = 12;

const empty = (value: unknown) => value === undefined || value === null || value === '';

function formatDate(value: unknown, pattern: string): string {
  if (empty(value)) return '';
  const date = dayjs(value as string | number | Date);
  return date.isValid() ? date.format(pattern) : String(value);
}

export const formatters: Record<ColumnFormatterName, CellFormatter> = {
  enum: (value, column, t) => {
    if (empty(value)) return '';
    const option = column.options?.find((o) => String(o.value) === String(value));
    return option ? <Tag color={option.color}>{t(option.label)}</Tag> : <Tag>{String(value)}</Tag>;
  },
  date: (value) => formatDate(value, 'YYYY-MM-DD'),
  datetime: (value) => formatDate(value, 'YYYY-MM-DD HH:mm:ss'),
  truncate: (value) => {
    if (empty(value)) return '';
    const text = String(value);
    // Count characters, not UTF-16 units, so Chinese and emoji cut cleanly.
    const chars = [...text];
    if (chars.length <= TRUNCATE_LENGTH) return text;
    return (
      <Tooltip title={text}>
        <span>{chars.slice(0, TRUNCATE_LENGTH).join('')}…</span>
      </Tooltip>
    );
  },
};

export function formatCell(value: unknown, column: ListColumn, t: TFunction): ReactNode {
  const formatter = column.formatter ? formatters[column.formatter] : undefined;
  if (formatter) return formatter(value, column, t);
  return empty(value) ? '' : String(value);
}
