/**
 * Cell formatters named by a column's (or detail field's) `formatter`. A new formatter is one entry in
 * this table and one value in the meta-schema's formatter enum (common.schema.json).
 */
import type { ReactNode } from 'react';
import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { formatBytes } from '../../schemas/file-rules.ts';
import { toDayjsFormat } from './list-request.ts';
import type { ColumnFormatterName, OptionItem } from './list-types.ts';
import { abbreviateNumber, relativeTime, yesNo } from './value-format.ts';

/** What a formatter needs to know about the column or field it formats. */
export interface FormatSpec {
  formatter?: string;
  format?: string;
  options?: OptionItem[];
}

export type CellFormatter = (value: unknown, spec: FormatSpec, t: TFunction) => ReactNode;

/** Spec §9: text truncation at 12 characters. */
export const TRUNCATE_LENGTH = 12;

export const isEmptyValue = (value: unknown) => value === undefined || value === null || value === '';

function formatDate(value: unknown, pattern: string): string {
  if (isEmptyValue(value)) return '';
  const date = dayjs(value as string | number | Date);
  return date.isValid() ? date.format(pattern) : String(value);
}

/**
 * A name the system wrote as a translation key (a subsystem's `menu.subsystem.merger`, a built-in menu
 * entry's) in the reader's language; any other name as it was typed.
 */
export function translatedName(t: TFunction, name: string): string {
  return name && t(name, { defaultValue: '' }) ? t(name) : name;
}

const AMOUNT_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

export const formatters: Record<ColumnFormatterName, CellFormatter> = {
  name: (value, _spec, t) => (isEmptyValue(value) ? '' : translatedName(t, String(value))),
  // Money and other exact figures: every digit, grouped by thousands (2,900,000,000).
  amount: (value) => {
    if (isEmptyValue(value)) return '';
    const n = Number(value);
    return Number.isFinite(n) ? AMOUNT_FORMAT.format(n) : String(value);
  },
  // A digest (SHA-256) in full, monospaced and breakable, so it can be read and compared character by character.
  hash: (value) =>
    isEmptyValue(value) ? (
      ''
    ) : (
      <code
        className="mf-hash"
        style={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          wordBreak: 'break-all',
        }}
      >
        {String(value)}
      </code>
    ),
  enum: (value, spec, t) => {
    if (isEmptyValue(value)) return '';
    const option = spec.options?.find((o) => String(o.value) === String(value));
    return option ? <Tag color={option.color}>{t(option.label)}</Tag> : <Tag>{String(value)}</Tag>;
  },
  date: (value, spec) => formatDate(value, toDayjsFormat(spec.format ?? 'yyyy-MM-dd')),
  datetime: (value, spec) => formatDate(value, toDayjsFormat(spec.format ?? 'yyyy-MM-dd HH:mm:ss')),
  truncate: (value) => {
    if (isEmptyValue(value)) return '';
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
  bytes: (value) => {
    if (isEmptyValue(value)) return '';
    const n = Number(value);
    return Number.isFinite(n) ? <span title={String(value)}>{formatBytes(n)}</span> : String(value);
  },
  number: (value) => {
    if (isEmptyValue(value)) return '';
    const n = Number(value);
    return Number.isFinite(n) ? <span title={String(value)}>{abbreviateNumber(n)}</span> : String(value);
  },
  relative: (value, _spec, t) => {
    if (isEmptyValue(value) || !dayjs(value as string).isValid())
      return isEmptyValue(value) ? '' : String(value);
    const relative = relativeTime(value as string);
    const full = formatDate(value, 'YYYY-MM-DD HH:mm:ss');
    const text =
      'date' in relative
        ? relative.date
        : t(`screenKit.relative.${relative.unit}`, { count: relative.count });
    return <span title={full}>{text}</span>;
  },
  yesno: (value, _spec, t) => {
    const yes = yesNo(value);
    return yes === undefined
      ? isEmptyValue(value)
        ? ''
        : String(value)
      : t(yes ? 'common.yes' : 'common.no');
  },
};

export function formatCell(value: unknown, spec: FormatSpec, t: TFunction): ReactNode {
  const formatter = spec.formatter ? formatters[spec.formatter as ColumnFormatterName] : undefined;
  if (formatter) return formatter(value, spec, t);
  return isEmptyValue(value) ? '' : String(value);
}
