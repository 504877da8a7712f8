/** Relative time of the bell (spec §9) in all three languages, read from the real locales. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';
import { parseTime, relativeTime } from '../../src/bell/relative-time.ts';
import { i18n } from '../../src/i18n/i18n.ts';
import { setupTestI18n } from './support/i18n.ts';

const NOW = new Date('2026-03-15T12:00:00+08:00').getTime();
const ago = (ms: number) => new Date(NOW - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('relativeTime', () => {
  beforeAll(async () => {
    await setupTestI18n('zh-CN');
  });

  // Date names come from dayjs's locale, which the app switches with the language (apply-language.ts); a file
  // run before this one in the same worker may have left it in another language.
  const DAYJS_LOCALE: Record<string, string> = { 'zh-CN': 'zh-cn', 'zh-TW': 'zh-tw', en: 'en' };
  afterAll(() => void dayjs.locale('en'));

  const inLanguage = async (language: string) => {
    await i18n.changeLanguage(language);
    dayjs.locale(DAYJS_LOCALE[language]);
    return (value: Date | string) => relativeTime(value, (k, p) => i18n.t(k, p ?? {}) as string, NOW);
  };

  it('reads in Simplified Chinese', async () => {
    const rt = await inLanguage('zh-CN');
    expect(rt(ago(0))).toBe('刚刚');
    expect(rt(ago(999))).toBe('刚刚');
    expect(rt(ago(1 * S))).toBe('1秒前');
    expect(rt(ago(59 * S))).toBe('59秒前');
    expect(rt(ago(1 * M))).toBe('1分钟前');
    expect(rt(ago(59 * M + 59 * S))).toBe('59分钟前');
    expect(rt(ago(1 * H))).toBe('1小时前');
    expect(rt(ago(23 * H))).toBe('23小时前');
    expect(rt(ago(1 * D))).toBe('1天前');
    expect(rt(ago(29 * D))).toBe('29天前');
    expect(rt(ago(30 * D))).toBe('2月13日');
    expect(rt(ago(400 * D))).toBe('2025年2月8日');
  });

  it('reads in Traditional Chinese', async () => {
    const rt = await inLanguage('zh-TW');
    expect(rt(ago(10))).toBe('剛剛');
    expect(rt(ago(5 * S))).toBe('5秒前');
    expect(rt(ago(3 * M))).toBe('3分鐘前');
    expect(rt(ago(2 * H))).toBe('2小時前');
    expect(rt(ago(3 * D))).toBe('3天前');
    expect(rt(ago(45 * D))).toBe('1月29日');
  });

  it('reads in English, singular and plural', async () => {
    const rt = await inLanguage('en');
    expect(rt(ago(0))).toBe('just now');
    expect(rt(ago(1 * S))).toBe('1 second ago');
    expect(rt(ago(2 * S))).toBe('2 seconds ago');
    expect(rt(ago(1 * M))).toBe('1 minute ago');
    expect(rt(ago(5 * M))).toBe('5 minutes ago');
    expect(rt(ago(1 * H))).toBe('1 hour ago');
    expect(rt(ago(1 * D))).toBe('1 day ago');
    expect(rt(ago(12 * D))).toBe('12 days ago');
    expect(rt(ago(30 * D))).toBe('Feb 13');
    expect(rt(ago(400 * D))).toBe('Feb 8, 2025');
    await i18n.changeLanguage('zh-CN');
  });

  it('reads the server’s two time formats, treats a clock slightly ahead as now, and skips nonsense', async () => {
    const rt = await inLanguage('zh-CN');
    expect(rt('2026-03-15 11:58:00')).toBe(
      relativeTime(new Date('2026-03-15T11:58:00'), (k, p) => i18n.t(k, p ?? {}) as string, NOW),
    );
    expect(rt(new Date(NOW - 2 * M).toISOString())).toBe('2分钟前');
    expect(rt(new Date(NOW + 5 * S))).toBe('刚刚');
    expect(rt('not a date')).toBe('');
    expect(parseTime(null)).toBeUndefined();
    expect(parseTime('2026-03-15 11:58:00')?.getMinutes()).toBe(58);
  });
});
