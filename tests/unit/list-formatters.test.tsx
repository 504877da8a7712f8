/** Cell formatters (spec §9): number abbreviation, relative time, truncation at 12, dates, enum tags, yes/no. */
import { render } from '@testing-library/react';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatCell } from '../../renderers/list/formatters.tsx';
import { abbreviateNumber, relativeTime, yesNo } from '../../renderers/list/value-format.ts';
import { i18n } from '../../src/i18n/i18n.ts';
import { setupTestI18n } from './support/i18n.ts';

let t: TFunction;
beforeAll(async () => {
  await setupTestI18n('zh-CN');
  t = i18n.t.bind(i18n) as TFunction;
});

const text = (node: ReturnType<typeof formatCell>) => render(<>{node}</>).container.textContent;

describe('number abbreviation k M G T P E', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [12.345, '12.35'],
    [1000, '1k'],
    [1234, '1.2k'],
    [15_500, '15.5k'],
    [123_456, '123k'],
    [999_600, '1M'],
    [2_500_000, '2.5M'],
    [7.1e9, '7.1G'],
    [3e12, '3T'],
    [4.56e15, '4.6P'],
    [1.2e18, '1.2E'],
    [5e21, '5000E'],
    [-1234, '-1.2k'],
  ])('%d → %s', (value, shown) => {
    expect(abbreviateNumber(value)).toBe(shown);
  });
});

describe('relative time', () => {
  const now = dayjs('2024-05-31 12:00:00').valueOf();
  it.each([
    ['2024-05-31 12:00:00', { unit: 'justNow', count: 0 }],
    ['2024-05-31 12:00:05', { unit: 'justNow', count: 0 }],
    ['2024-05-31 11:59:15', { unit: 'seconds', count: 45 }],
    ['2024-05-31 11:58:00', { unit: 'minutes', count: 2 }],
    ['2024-05-31 09:00:00', { unit: 'hours', count: 3 }],
    ['2024-05-30 11:00:00', { unit: 'days', count: 1 }],
    ['2024-05-01 12:00:00', { unit: 'days', count: 30 }],
    ['2024-04-30 11:00:00', { date: '2024-04-30' }],
  ])('%s', (value, expected) => {
    expect(relativeTime(value, now)).toEqual(expected);
  });

  it('is translated, with the full time in the title', () => {
    const minuteAgo = dayjs().subtract(3, 'minute').format('YYYY-MM-DD HH:mm:ss');
    const { container } = render(<>{formatCell(minuteAgo, { formatter: 'relative' }, t)}</>);
    expect(container.textContent).toBe('3 分钟前');
    expect(container.querySelector('span')!.title).toBe(minuteAgo);
  });
});

describe('the other formatters', () => {
  it('truncates at 12 characters (counting characters, not UTF-16 units) with the whole text in a tooltip', () => {
    expect(text(formatCell('演示企业集团法律合规与反垄断事务部', { formatter: 'truncate' }, t))).toBe(
      '演示企业集团法律合规与反…',
    );
    expect(text(formatCell('短文本', { formatter: 'truncate' }, t))).toBe('短文本');
    expect(text(formatCell('😀'.repeat(13), { formatter: 'truncate' }, t))).toBe(`${'😀'.repeat(12)}…`);
  });

  it('formats dates, date-times and a given pattern, leaving what is not a date as it is', () => {
    expect(formatCell('2024-05-01T08:30:00', { formatter: 'date' }, t)).toBe('2024-05-01');
    expect(formatCell('2024-05-01 08:30:00', { formatter: 'datetime' }, t)).toBe('2024-05-01 08:30:00');
    expect(formatCell('2024-05-01 08:30:00', { formatter: 'datetime', format: 'yyyy/MM/dd HH:mm' }, t)).toBe(
      '2024/05/01 08:30',
    );
    expect(formatCell('soon', { formatter: 'date' }, t)).toBe('soon');
    expect(formatCell(null, { formatter: 'datetime' }, t)).toBe('');
  });

  it('shows enum values as translated tags, unknown ones as they are', () => {
    const spec = { formatter: 'enum', options: [{ value: 1, label: 'common.yes', color: 'green' }] };
    const { container } = render(<>{formatCell('1', spec, t)}</>);
    expect(container.textContent).toBe('是');
    expect(container.querySelector('.ant-tag-green')).toBeTruthy();
    expect(text(formatCell('9', spec, t))).toBe('9');
  });

  it('reads Y/N, 1/0 and booleans as yes or no', () => {
    expect([yesNo('Y'), yesNo(1), yesNo('true'), yesNo('N'), yesNo(0), yesNo(false), yesNo('maybe')]).toEqual(
      [true, true, true, false, false, false, undefined],
    );
    expect(formatCell(1, { formatter: 'yesno' }, t)).toBe('是');
    expect(formatCell('N', { formatter: 'yesno' }, t)).toBe('否');
  });
});

describe('name: a name the system wrote as a translation key, translated', () => {
  it('translates a key and leaves a typed name as it is', () => {
    expect(text(formatCell('menu.subsystem.merger', { formatter: 'name' }, t))).toBe('经营者集中申报');
    expect(text(formatCell('审查一处', { formatter: 'name' }, t))).toBe('审查一处');
    // Looks like a key, is none: shown as typed, not emptied.
    expect(text(formatCell('menu.noSuchEntry', { formatter: 'name' }, t))).toBe('menu.noSuchEntry');
    expect(text(formatCell(null, { formatter: 'name' }, t))).toBe('');
  });
});

describe('amount: exact figures grouped by thousands', () => {
  it('groups every digit and leaves the rest alone', () => {
    expect(text(formatCell(2_900_000_000, { formatter: 'amount' }, t))).toBe('2,900,000,000');
    expect(text(formatCell('1234567.5', { formatter: 'amount' }, t))).toBe('1,234,567.5');
    expect(text(formatCell(-42, { formatter: 'amount' }, t))).toBe('-42');
    expect(text(formatCell('n/a', { formatter: 'amount' }, t))).toBe('n/a');
    expect(text(formatCell(undefined, { formatter: 'amount' }, t))).toBe('');
  });
});
