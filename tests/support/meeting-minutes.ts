/**
 * The 会议纪要 (meetingMinutes) data template of issue 26, as the server, unit, story and e2e tests use
 * it: a title, a date, attendees and the cost each, and 总费用 computed from them, with the rule that it
 * may not pass 100,000.
 */
import type { DataTemplate } from '../../server/modules/data-templates/definition.ts';

export const text = (zh: string, tw: string, en: string) => ({ 'zh-CN': zh, 'zh-TW': tw, en });

export const RULE_MESSAGE = text(
  '总费用不能超过十万元',
  '總費用不能超過十萬元',
  'The total must not exceed 100,000',
);

export function meetingMinutes(readRoles: string[] = [], writeRoles: string[] = []): DataTemplate {
  return {
    code: 'meetingMinutes',
    name: text('会议纪要', '會議紀要', 'Meeting minutes'),
    fields: [
      {
        key: 'title',
        label: text('标题', '標題', 'Title'),
        type: 'string',
        required: true,
        minLength: 1,
        maxLength: 100,
      },
      { key: 'meetingDate', label: text('日期', '日期', 'Date'), type: 'date' },
      { key: 'attendees', label: text('参会人数', '參會人數', 'Attendees'), type: 'integer', minimum: 1 },
      { key: 'costEach', label: text('人均费用', '人均費用', 'Cost each'), type: 'number' },
      { key: 'total', label: text('总费用', '總費用', 'Total'), type: 'number' },
    ],
    formulas: {
      computed: { total: 'attendees * costEach' },
      rules: [{ field: 'total', check: 'total <= 100000', message: RULE_MESSAGE }],
    },
    readRoles,
    writeRoles,
  };
}
